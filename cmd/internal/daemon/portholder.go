package daemon

// Which process holds a TCP port on this machine, from /proc (Linux; on
// other systems nothing is found and doctor says less).

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"browserctl/internal/proc"
)

// PortHolder is the process listening on a port.
type PortHolder struct {
	PID     int
	Name    string // its command name (/proc/PID/comm)
	Stopped bool   // stopped by a signal (SIGSTOP, SIGTSTP) or a tracer
	Hub     bool   // its command line is `... serve ...`: a browserctl hub
}

func (p PortHolder) String() string { return fmt.Sprintf("pid %d, %s", p.PID, p.Name) }

// FindPortHolder looks for the process listening on addr's port. It finds
// only processes whose /proc/PID/fd this user may read.
func FindPortHolder(addr string) (PortHolder, bool) {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return PortHolder{}, false
	}
	pn, err := strconv.Atoi(port)
	if err != nil {
		return PortHolder{}, false
	}
	inodes := map[string]bool{}
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		listeningInodes(table, pn, inodes)
	}
	if len(inodes) == 0 {
		return PortHolder{}, false
	}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range procs {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil {
			continue
		}
		fds, err := os.ReadDir(filepath.Join(dir, "fd"))
		if err != nil {
			continue
		}
		for _, fd := range fds {
			link, err := os.Readlink(filepath.Join(dir, "fd", fd.Name()))
			if err != nil {
				continue
			}
			inode, ok := strings.CutPrefix(link, "socket:[")
			if ok && inodes[strings.TrimSuffix(inode, "]")] {
				return describeProcess(pid), true
			}
		}
	}
	return PortHolder{}, false
}

// listeningInodes adds the socket inodes of table's listeners on port.
func listeningInodes(table string, port int, into map[string]bool) {
	f, err := os.Open(table)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
		fields := strings.Fields(sc.Text())
		if len(fields) < 10 || fields[3] != "0A" { // 0A: LISTEN
			continue
		}
		_, hexPort, ok := strings.Cut(fields[1], ":")
		if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
			into[fields[9]] = true
		}
	}
}

func describeProcess(pid int) PortHolder {
	p := PortHolder{PID: pid, Name: proc.Name(pid), Stopped: proc.Stopped(pid)}
	if args, ok := proc.Args(pid); ok && len(args) > 1 {
		p.Hub = slices.Contains(args[1:], "serve")
	}
	return p
}
