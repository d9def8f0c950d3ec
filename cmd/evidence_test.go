package cmd

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"browserctl/cmd/cmdutil"
	"browserctl/internal/evidence"
	"browserctl/rpc"
)

// declaredBuild builds the declared command at path, as a test that takes
// a command's builder wants it.
func declaredBuild(path string) func(*cmdutil.Factory, func(*cmdutil.PageCall) error) *cobra.Command {
	return func(f *cmdutil.Factory, runF func(*cmdutil.PageCall) error) *cobra.Command {
		return cmdutil.NewCmdDeclared(f, runF, path)
	}
}

// The evidence commands' wire calls, and their bad input: exit 2 with no
// call made.
func TestEvidenceRequests(t *testing.T) {
	dir := t.TempDir()
	tests := []sentCase{
		{"screenshot --format jpeg --quality 40 --max-width 800 -o " + filepath.Join(dir, "a.jpg"), rpc.PageScreenshot, `{"format":"jpeg","quality":40,"maxWidth":800}`},
		{"screenshot -o " + filepath.Join(dir, "b.webp"), rpc.PageScreenshot, `{"format":"webp"}`},
		{"screenshot --annotate --format jpeg -o " + filepath.Join(dir, "c.jpg"), rpc.PageScreenshot, `{"annotate":true}`},
		{"vitals --reload", rpc.PageVitals, `{"reload":true}`},
		{"highlight e3 --duration 5s", rpc.PageHighlight, `{"ref":"e3","durationMs":5000}`},
		{"highlight #x", rpc.PageHighlight, `{"selector":"#x","durationMs":2000}`},
		{"highlight --clear", rpc.PageHighlight, `{"clear":true}`},
		{"trace start --categories a,-b --screenshots", rpc.TraceStart, `{"categories":["a","-b"],"screenshots":true}`},
		{"trace stop " + filepath.Join(dir, "t.json"), rpc.TraceStop, `{}`},
		{"record start " + filepath.Join(dir, "r.gif") + " --max-width 640", rpc.RecordStart, `{"path":"` + filepath.Join(dir, "r.gif") + `","maxWidth":640}`},
		{"record stop", rpc.RecordStop, `{}`},
	}
	checkSent(t, tests, nil)
}

func TestEvidenceUsage(t *testing.T) {
	dir := t.TempDir()
	noFFmpeg := func(e *testEnv) { e.f.LookPath = func(string) (string, error) { return "", errors.New("not found") } }
	checkUsage(t, noFFmpeg,
		"screenshot --format gif",
		"screenshot --format jpeg --quality 101",
		"screenshot --format jpeg --quality -3",
		"screenshot --quality 50",
		"screenshot -o "+filepath.Join(dir, "no", "x.png"),
		"screenshot -o "+dir,
		"record start "+filepath.Join(dir, "x.avi"),
		"record start "+filepath.Join(dir, "x.webm"), // LookPath finds no ffmpeg here
		"record start "+filepath.Join(dir, "no", "x.gif"),
		"record start "+filepath.Join(dir, "x.gif")+" --quality 200",
		"record",
		"trace",
		"trace stop",
		"trace stop "+filepath.Join(dir, "no", "t.json"),
		"highlight",
		"highlight e1 --clear",
		"highlight e1 --duration -1s",
	)
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused commands left files: %v", entries)
	}
}

// Nothing to stop: the extension's -32602 is exit 2 with its reason.
func TestStopWithoutRecording(t *testing.T) {
	for _, args := range []string{"record stop", "trace stop " + filepath.Join(t.TempDir(), "t.json")} {
		e := newTestEnv(t)
		e.h.errs[strings.Fields(args)[0]+".stop"] = rpc.FromWire(-32602, "invalid params: session s1 has no recording (record start first)", nil)
		if code := e.run(args); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), "has no recording") {
			t.Errorf("%q: exit %d, stderr %q", args, code, e.err)
		}
	}
}

// record's help names the ffmpeg command the evidence package runs.
func TestRecordHelpNamesTheFFmpegCommand(t *testing.T) {
	e := newTestEnv(t)
	if code := e.run("record --help"); code != cmdutil.ExitOK || !strings.Contains(e.out.String(), evidence.FFmpegCommand) {
		t.Errorf("exit %d; record --help lacks %q:\n%s", code, evidence.FFmpegCommand, e.out)
	}
}

// A declared group run alone: exit 2 naming its subcommands.
func TestGroupsNameTheirSubcommands(t *testing.T) {
	for args, want := range map[string]string{"record": "record needs a subcommand: start, stop or actions", "trace": "trace needs a subcommand: start or stop"} {
		e := newTestEnv(t)
		if code := e.run(args); code != cmdutil.ExitUsage || !strings.Contains(e.err.String(), want) {
			t.Errorf("%s: exit %d, stderr %q", args, code, e.err)
		}
	}
}
