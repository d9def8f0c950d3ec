package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/devices"
	"browserctl/internal/storagestate"
	"browserctl/rpc"
)

// Inputs of the emulation and saved-state tools (browser_resize is
// Playwright MCP's name and shape).
type (
	resizeArg struct{ rpc.Viewport }
	deviceArg struct {
		Device string `json:"device" jsonschema:"a device name such as iPhone 13, Pixel 7, iPad Mini or Galaxy S24 (case aside); empty: back to the browser's own"`
	}
	mediaArg   struct{ rpc.Media }
	offlineArg struct {
		Offline bool `json:"offline" jsonschema:"true: every tab of the session is off the network (navigator.onLine false); false: back online"`
	}
	geoArg       struct{ rpc.Geolocation }
	stateSaveArg struct {
		rpc.SessionIDParams
		stateFile
	}
	stateLoadArg struct {
		rpc.StateLoadParams
		stateFile
	}
	stateFile struct {
		Path string `json:"path" jsonschema:"the state file, relative to the output folder (or absolute inside it; load also reads the allowed folders); written with mode 0600, it holds the session's cookies"`
	}
)

// The answers of the saved-state tools declared on their methods' rows.
func init() {
	answers[rpc.AnswerStateSave] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *stateSaveArg) *mcp.CallToolResult {
		return s.stateSave(ctx, req, in.Path)
	})
	answers[rpc.AnswerStateLoad] = answerFor(func(s *Server, ctx context.Context, req *mcp.CallToolRequest, in *stateLoadArg) *mcp.CallToolResult {
		return s.stateLoad(ctx, req, in.Path)
	})
}

// emulationTools set how the session's tabs see the world, and save or load
// its cookies and storage.
func (s *Server) emulationTools() []toolDef {
	return []toolDef{
		newTool("browser_resize", "Resize the page",
			"Set the page's size in CSS pixels in every tab of this session (innerWidth and innerHeight follow); other tabs keep theirs.",
			destructive, toolSpec{hide: []string{"deviceScaleFactor", "mobile"}}, func(ctx context.Context, req *mcp.CallToolRequest, in resizeArg) *mcp.CallToolResult {
				if in.Width < 1 || in.Height < 1 || in.Width > 100000 || in.Height > 100000 {
					return invalid("browser_resize", fmt.Errorf("width and height must be from 1 to 100000, got %dx%d", in.Width, in.Height))
				}
				return s.emulate(ctx, req, rpc.Emulation{Viewport: &rpc.Viewport{Width: in.Width, Height: in.Height}},
					fmt.Sprintf("Resized the page to %dx%d", in.Width, in.Height))
			}),
		newTool("browser_emulate_device", "Emulate a device",
			"Make this session's tabs a named phone, tablet or desktop: viewport, device scale factor, mobile, touch and user agent.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in deviceArg) *mcp.CallToolResult {
				if strings.TrimSpace(in.Device) == "" {
					return s.reset(ctx, req, []string{"device", "viewport", "touch", "userAgent"}, "Back to the browser's own device")
				}
				d, ok := devices.Lookup(in.Device)
				if !ok {
					msg := fmt.Sprintf("unknown device %q", in.Device)
					if sug := devices.Suggest(in.Device, 4); len(sug) > 0 {
						msg += "; did you mean " + strings.Join(sug, ", ") + "?"
					}
					return invalid("browser_emulate_device", fmt.Errorf("%s", msg))
				}
				touch := d.Touch
				return s.emulate(ctx, req, rpc.Emulation{Device: d.Name, UserAgent: d.UserAgent, Touch: &touch,
					Viewport: &rpc.Viewport{Width: d.Width, Height: d.Height, DeviceScaleFactor: d.Scale, Mobile: d.Mobile}},
					fmt.Sprintf("Emulating %s (%dx%d at %g)", d.Name, d.Width, d.Height, d.Scale))
			}),
		newTool("browser_emulate_media", "Emulate media",
			"Set what CSS media queries see in this session's tabs: the color scheme, reduced motion, print.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in mediaArg) *mcp.CallToolResult {
				m := in.Media
				if m == (rpc.Media{}) {
					return s.reset(ctx, req, []string{"media"}, "Back to the browser's own media")
				}
				return s.emulate(ctx, req, rpc.Emulation{Media: &m}, "Media set")
			}),
		newTool("browser_set_offline", "Go offline",
			"Take every tab of this session off the network, or back on.",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in offlineArg) *mcp.CallToolResult {
				off := in.Offline
				return s.emulate(ctx, req, rpc.Emulation{Offline: &off}, map[bool]string{true: "Offline", false: "Online"}[off])
			}),
		newTool("browser_set_geolocation", "Set the geolocation",
			"Make navigator.geolocation answer this position in this session's tabs, without a permission prompt (a tab answers while it is shown).",
			destructive, toolSpec{}, func(ctx context.Context, req *mcp.CallToolRequest, in geoArg) *mcp.CallToolResult {
				g := in.Geolocation
				if g.Accuracy == 0 {
					g.Accuracy = 10 // the CLI's --accuracy default
				}
				if g.Latitude < -90 || g.Latitude > 90 || g.Longitude < -180 || g.Longitude > 180 || g.Accuracy < 0 {
					return invalid("browser_set_geolocation", fmt.Errorf("latitude -90..90, longitude -180..180, accuracy >= 0; got %g, %g, %g", g.Latitude, g.Longitude, g.Accuracy))
				}
				return s.emulate(ctx, req, rpc.Emulation{Geolocation: &g}, fmt.Sprintf("Geolocation %g, %g", g.Latitude, g.Longitude))
			}),
	}
}

// emulate sets settings and says what it did, and what a tab could not take.
func (s *Server) emulate(ctx context.Context, req *mcp.CallToolRequest, e rpc.Emulation, done string) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.EmulationSet, &rpc.EmulationSetParams{Settings: e})
	if err != nil {
		return s.errorResult(req, err)
	}
	return emulationText(raw, done)
}

func (s *Server) reset(ctx context.Context, req *mcp.CallToolRequest, names []string, done string) *mcp.CallToolResult {
	raw, err := s.call(ctx, req, rpc.EmulationReset, &rpc.EmulationResetParams{Names: names})
	if err != nil {
		return s.errorResult(req, err)
	}
	return emulationText(raw, done)
}

func emulationText(raw json.RawMessage, done string) *mcp.CallToolResult {
	var r rpc.EmulationResult
	_ = json.Unmarshal(raw, &r)
	var b strings.Builder
	b.WriteString(done)
	for _, u := range r.Unapplied {
		fmt.Fprintf(&b, "\nwarning: tab %d does not have %s: %s", u.TabID, u.Setting, u.Error)
	}
	return text("%s", b.String())
}

func (s *Server) stateSave(ctx context.Context, req *mcp.CallToolRequest, path string) *mcp.CallToolResult {
	abs, refused := s.outputFile(req, "browser_state_save", path, "")
	if refused != nil {
		return refused
	}
	raw, err := s.call(ctx, req, rpc.StateSave, nil)
	if err != nil {
		return s.errorResult(req, err)
	}
	var st rpc.State
	if err := json.Unmarshal(raw, &st); err != nil {
		return s.errorResult(req, err)
	}
	if err := storagestate.Write(abs, st, true); err != nil {
		return s.errorResult(req, err)
	}
	return text("Saved %d cookies and the storage of %d origins to %s", len(st.Cookies), len(st.Origins), abs)
}

func (s *Server) stateLoad(ctx context.Context, req *mcp.CallToolRequest, path string) *mcp.CallToolResult {
	abs, err := s.readPath(ctx, req, path)
	if err != nil {
		return s.errorResult(req, err)
	}
	st, err := storagestate.Read(abs)
	if err != nil {
		return invalid("browser_state_load", err)
	}
	raw, err := s.call(ctx, req, rpc.StateLoad, &rpc.StateLoadParams{State: st})
	if err != nil {
		return s.errorResult(req, err)
	}
	var r rpc.StateLoadResult
	_ = json.Unmarshal(raw, &r)
	out := fmt.Sprintf("Loaded %d cookies and the storage of %d origins", r.Cookies, len(r.Origins))
	if len(r.Pending) > 0 {
		out += "; written when the session first opens them: " + strings.Join(r.Pending, ", ")
	}
	return text("%s", out)
}
