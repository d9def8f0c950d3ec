package mcpserver

// browser_start_recording / browser_stop_recording (Playwright MCP's
// names): the person's actions in this client's session, recorded as a
// batch script (record.actionsStart, record.actionsStop), so an agent can
// watch a person do a flow once and run the script thereafter. Two tools
// of few words: tools/list has little room left (TestToolsListWithinBound).

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// stopRecordingArg is browser_stop_recording's input.
type stopRecordingArg struct {
	Filename string `json:"filename,omitempty" jsonschema:"also write it to this file"`
}

func (s *Server) recordingTools() []toolDef {
	return []toolDef{
		newTool("browser_start_recording", "Record the person",
			"Record the person's actions in this session as a batch script.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) *mcp.CallToolResult {
				return s.startRecording(ctx, req)
			}),
		newTool("browser_stop_recording", "Stop recording",
			"Stop recording the person; returns the script.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in stopRecordingArg) *mcp.CallToolResult {
				return s.stopRecording(ctx, req, in)
			}),
	}
}

func (s *Server) startRecording(ctx context.Context, req *mcp.CallToolRequest) *mcp.CallToolResult {
	// an upload from a folder the client may read is written by its path
	// from there; the output folder otherwise
	dir := ""
	if len(s.opts.AllowRead) > 0 {
		dir = s.opts.AllowRead[0]
	} else if out, err := s.outputRoot(req); err == nil {
		dir = out
	}
	raw, err := s.call(ctx, req, rpc.RecordActionsStart, &rpc.ActionsStartParams{WorkDir: dir})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.ActionsStartResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	return text("Recording what the person does in %d tab(s) of this session (from %s). Ask them to do the flow, then call browser_stop_recording for the script.", len(r.Tabs), r.URL)
}

func (s *Server) stopRecording(ctx context.Context, req *mcp.CallToolRequest, in stopRecordingArg) *mcp.CallToolResult {
	path := ""
	if in.Filename != "" {
		p, refused := s.outputFile(req, "browser_stop_recording", in.Filename, "")
		if refused != nil {
			return refused // before the stop: the recording goes on
		}
		path = p
	}
	raw, err := s.call(ctx, req, rpc.RecordActionsStop, &rpc.SessionIDParams{})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.ActionsStopResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return s.errorResult(req, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "### Recorded script\n%d lines from %d actions (targets: role= %d, text= %d, test id %d, id %d, CSS %d).", r.Lines, r.Actions,
		r.Targets["role"], r.Targets["text"], r.Targets["testid"], r.Targets["id"], r.Targets["css"])
	if len(r.Secrets) > 0 {
		fmt.Fprintf(&b, " Set %s in the environment of `browserctl batch -f FILE` that replays it.", strings.Join(r.Secrets, ", "))
	}
	if r.SessionClosed {
		b.WriteString(" The session was closed while recording: the script ends there.")
	}
	if r.Truncated {
		fmt.Fprintf(&b, " It reached its bound of %d lines.", rpc.ActionLinesMax)
	}
	if path != "" {
		// The recording has stopped: a write that fails now still answers
		// the script below, so nothing the person did is lost.
		if err := safefile.WriteFile(path, []byte(r.Script), safefile.Private, true); err != nil {
			fmt.Fprintf(&b, " Writing it to %s failed (%v): the script is only below.", path, err)
		} else {
			fmt.Fprintf(&b, " Written to %s.", path)
		}
	}
	fmt.Fprintf(&b, "\n```\n%s```", r.Script)
	return text("%s", b.String())
}
