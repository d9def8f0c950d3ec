package mcpserver

// Evidence tools: screenshots in other formats and annotated (the
// browser_take_screenshot handler), a Chrome trace started and stopped into
// a file, and the page's Web Vitals.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os/exec"
	"reflect"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/evidence"
	"browserctl/rpc"
)

// Inputs of the evidence tools.
type (
	traceStopArg struct {
		rpc.SessionIDParams
		Path string `json:"path" jsonschema:"the file to write the trace's JSON to, relative to the output folder (DevTools' Performance panel and ui.perfetto.dev open it)"`
	}
)

// The answers of the evidence tools declared on their methods' rows.
func init() {
	answers[rpc.AnswerScreenshot] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *screenshotArg) *mcp.CallToolResult {
		return s.screenshot(ctx, req, *in)
	})
	answers[rpc.AnswerTraceStart] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *rpc.TraceStartParams) *mcp.CallToolResult {
		raw, err := s.call(ctx, req, rpc.TraceStart, in)
		if err != nil {
			return s.errorResult(req, err)
		}
		var res rpc.TraceStartResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return s.errorResult(req, err)
		}
		return text("Tracing tab %d (categories %s). Call browser_stop_trace with a path to write it.", res.TabID, strings.Join(res.Categories, ","))
	})
	answers[rpc.AnswerTraceStop] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *traceStopArg) *mcp.CallToolResult {
		return s.stopTrace(ctx, req, *in)
	})
}

func (s *Server) stopTrace(ctx context.Context, req *mcp.CallToolRequest, in traceStopArg) *mcp.CallToolResult {
	// Before the stop: a refused path leaves the trace going.
	path, refused := s.outputFile(req, "browser_stop_trace", in.Path, "")
	if refused != nil {
		return refused
	}
	raw, err := s.call(ctx, req, rpc.TraceStop, nil)
	if err != nil {
		return s.errorResult(req, err)
	}
	var st rpc.TraceStopResult
	if err := json.Unmarshal(raw, &st); err != nil {
		return s.errorResult(req, err)
	}
	wrote, err := evidence.WriteTrace(path, st, s.traceCall(ctx, req), true)
	if err != nil {
		return s.errorResult(req, err)
	}
	if st.Screenshots > 0 || wrote.Screenshots > 0 {
		return text("Trace of tab %d written to %s (%d bytes, %d screenshots)", st.TabID, path, wrote.Bytes, wrote.Screenshots)
	}
	return text("Trace of tab %d written to %s (%d bytes)", st.TabID, path, wrote.Bytes)
}

func (s *Server) screenshot(ctx context.Context, req *mcp.CallToolRequest, in screenshotArg) *mcp.CallToolResult {
	p := in.ScreenshotParams
	format := p.Format
	if format == "" {
		format = "png"
	}
	if in.Quality != nil && (*in.Quality < 0 || *in.Quality > 100) {
		return invalid("browser_take_screenshot", fmt.Errorf("quality must be 0-100, got %d", *in.Quality))
	}
	if in.Quality != nil && format == "png" {
		return invalid("browser_take_screenshot", fmt.Errorf("quality is for jpeg and webp, not png"))
	}
	ffmpeg, _ := exec.LookPath("ffmpeg")
	if in.Annotate && format == "webp" && ffmpeg == "" {
		return invalid("browser_take_screenshot", fmt.Errorf("annotate with webp needs ffmpeg on PATH; use png or jpeg"))
	}
	if in.Annotate || format == "png" {
		// annotate: a PNG to draw on, encoded here as asked
		p.Format, p.Quality = "", nil
	}
	raw, err := s.call(ctx, req, rpc.PageScreenshot, &p)
	if err != nil {
		return s.errorResult(req, err)
	}
	var shot rpc.ScreenshotResult
	if err := json.Unmarshal(raw, &shot); err != nil {
		return s.errorResult(req, err)
	}
	data, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return s.errorResult(req, fmt.Errorf("screenshot data is not base64: %w", err))
	}
	if in.Annotate {
		q := -1
		if in.Quality != nil {
			q = *in.Quality
		}
		if data, err = evidence.Annotated(ctx, data, shot.Annotations, format, q, ffmpeg); err != nil {
			return s.errorResult(req, err)
		}
	}
	what := "the viewport"
	switch {
	case in.Ref != "":
		what = describe(elementRef{Element: in.Element, Ref: in.Ref})
	case in.FullPage:
		what = "the full page"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Screenshot of %s, %dx%d CSS pixels, %s", what, shot.Width, shot.Height, format)
	if in.Annotate {
		b.WriteString("\n### Refs drawn (ref, role, name, box in image pixels)")
		for _, a := range shot.Annotations {
			fmt.Fprintf(&b, "\n- %s %s %q at %.0f,%.0f %.0fx%.0f", a.Ref, a.Role, a.Name, a.Box.X, a.Box.Y, a.Box.Width, a.Box.Height)
		}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{
		&mcp.TextContent{Text: b.String()},
		&mcp.ImageContent{Data: data, MIMEType: "image/" + format},
	}}
}

// traceCall is evidence's way to the trace's stream and frames, on the
// client's session: its params become the method's rpc params. It sends
// only the two methods that read a stopped trace: browser_stop_trace is
// their face.
func (s *Server) traceCall(ctx context.Context, req *mcp.CallToolRequest) evidence.TraceCall {
	return func(method string, params map[string]any) (json.RawMessage, error) {
		if method != rpc.TraceRead && method != rpc.TraceShots {
			return nil, fmt.Errorf("mcpserver: a trace is read with %s and %s, not %s", rpc.TraceRead, rpc.TraceShots, method)
		}
		m, ok := rpc.LookupWire(method)
		if !ok {
			return nil, fmt.Errorf("mcpserver: unknown method %s", method)
		}
		p := reflect.New(reflect.TypeOf(m.Params))
		b, err := json.Marshal(params)
		if err == nil {
			err = json.Unmarshal(b, p.Interface())
		}
		if err != nil {
			return nil, fmt.Errorf("mcpserver: %s params: %w", method, err)
		}
		return s.call(ctx, req, method, p.Interface())
	}
}
