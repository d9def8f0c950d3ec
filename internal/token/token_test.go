package token

import (
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
	"testing"

	"browserctl/internal/statedir"
)

func tokenHome(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv(statedir.EnvHome, dir)
	t.Setenv(Env, "")
	return dir
}

func TestTokenCreatedOnce(t *testing.T) {
	dir := tokenHome(t)
	tok, err := LoadOrCreate()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(tok) {
		t.Fatalf("token %q is not 256 bits of hex", tok)
	}
	fi, err := os.Stat(filepath.Join(dir, "token"))
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m != 0o600 {
		t.Fatalf("token file mode %o", m)
	}
	again, err := LoadOrCreate()
	if err != nil || again != tok {
		t.Fatalf("second load: %q %v", again, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("state folder holds %d files, want the token only", len(entries))
	}
}

func TestTokenEnvWins(t *testing.T) {
	dir := tokenHome(t)
	t.Setenv(Env, "from-env")
	tok, err := LoadOrCreate()
	if err != nil || tok != "from-env" {
		t.Fatalf("%q %v", tok, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "token")); !os.IsNotExist(err) {
		t.Fatal("the env token must not create a file")
	}
}

func TestTokenWideModeNarrowed(t *testing.T) {
	dir := tokenHome(t)
	path := filepath.Join(dir, "token")
	if err := os.WriteFile(path, []byte("abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	tok, err := LoadOrCreate()
	if err != nil || tok != "abc" {
		t.Fatalf("%q %v", tok, err)
	}
	fi, _ := os.Stat(path)
	if m := fi.Mode().Perm(); m != 0o600 {
		t.Fatalf("mode %o after load", m)
	}
}

func TestTokenRace(t *testing.T) {
	tokenHome(t)
	toks := make([]string, 16)
	var wg sync.WaitGroup
	for i := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tok, err := LoadOrCreate()
			if err != nil {
				t.Error(err)
			}
			toks[i] = tok
		}()
	}
	wg.Wait()
	for _, tok := range toks {
		if tok != toks[0] {
			t.Fatalf("racing loads disagree: %q", toks)
		}
	}
}

// TestTokenWriteFails fills the "disk" with a file size limit: the write
// fails, an error comes back, and no token file (partial or temporary) is
// left.
func TestTokenWriteFails(t *testing.T) {
	dir := tokenHome(t)
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip("no RLIMIT_FSIZE:", err)
	}
	signal.Ignore(syscall.SIGXFSZ)
	defer signal.Reset(syscall.SIGXFSZ)
	lim := syscall.Rlimit{Cur: 10, Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip("cannot lower RLIMIT_FSIZE:", err)
	}
	_, err := LoadOrCreate()
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if err == nil {
		t.Fatal("want an error when the token cannot be written")
	}
	t.Log(err)
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left behind: %v", entries)
	}
}
