package mcpserver

// The files an agent's tools read and write. Every write lands under one
// folder, the output root (--output-dir, else a folder per client in the
// state folder), and every read comes from a folder the person allowed
// (--allow-read, the client's MCP roots) or the output root. A path outside,
// one with "..", or one a symlink leads out of is refused with reason
// path_not_allowed before anything is asked of the browser, and nothing is
// written. Inside the root, a tool replaces its own earlier file of the same
// name (never through a symlink: safefile).

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"browserctl/internal/evidence"
	"browserctl/internal/safefile"
	"browserctl/rpc"
)

// outputRoot is the folder this client's files go in, made (0700) if it
// is not there.
func (s *Server) outputRoot(req *mcp.CallToolRequest) (string, error) {
	dir := s.opts.OutputDir
	if dir == "" {
		if s.opts.StateDir == nil {
			return "", errors.New("no output folder: start the server with --output-dir")
		}
		state, err := s.opts.StateDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(state, "mcp", folderName(clientName(req)))
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if err := safefile.MkdirAll(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// folderName is a client's name as a folder name: letters, digits, '-'
// and '_' (anything else a '-'); "client" when nothing is left.
func folderName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteRune('-')
		}
	}
	out := strings.Trim(b.String(), "-.")
	if out == "" || len(out) > 64 {
		if len(out) > 64 {
			return out[:64]
		}
		return "client"
	}
	return out
}

// notAllowed is the error for a path outside the folders.
func notAllowed(err error) error {
	return &rpc.BrowserError{Code: rpc.CodeInvalidParams, Reason: rpc.ReasonPathNotAllowed, Message: err.Error()}
}

// writePath is where a tool may write path: inside the output root (a
// relative path is taken from it), else a path_not_allowed error.
func (s *Server) writePath(req *mcp.CallToolRequest, path string) (string, error) {
	root, err := s.outputRoot(req)
	if err != nil {
		return "", err
	}
	p, err := safefile.Confine(path, []string{root})
	if err != nil {
		var na *safefile.NotAllowedError
		if errors.As(err, &na) {
			return "", notAllowed(err)
		}
		return "", err
	}
	if err := safefile.MkdirAll(filepath.Dir(p)); err != nil {
		return "", err
	}
	return p, nil
}

// outputFile is where a file tool writes name (empty: def) inside the
// output root, checked writable before the tool does anything it cannot
// take back (stop a recording, a trace, a HAR): a refused path leaves that
// going and the agent can call again with another. The refusal comes as
// the tool's error result.
func (s *Server) outputFile(req *mcp.CallToolRequest, tool, name, def string) (string, *mcp.CallToolResult) {
	if name == "" {
		name = def
	}
	if name == "" {
		return "", invalid(tool, fmt.Errorf("a file name is needed"))
	}
	path, err := s.writePath(req, name)
	if err != nil {
		return "", s.errorResult(req, err)
	}
	if err := evidence.CheckWritable(path, true); err != nil {
		return "", invalid(tool, err)
	}
	return path, nil
}

// stampedName is a default file name: prefix, the local time to the
// second, ext.
func stampedName(prefix, ext string) string {
	return prefix + "-" + time.Now().Format("20060102-150405") + ext
}

// readRoots are the folders a tool may read: --allow-read's, the client's
// roots (when it offers them), and the output root. A relative path is
// taken from the first.
func (s *Server) readRoots(ctx context.Context, req *mcp.CallToolRequest) []string {
	roots := append([]string(nil), s.opts.AllowRead...)
	roots = append(roots, clientRoots(ctx, req)...)
	if out, err := s.outputRoot(req); err == nil {
		roots = append(roots, out)
	}
	return roots
}

// readPath is path if a tool may read it, else a path_not_allowed error.
func (s *Server) readPath(ctx context.Context, req *mcp.CallToolRequest, path string) (string, error) {
	p, err := safefile.Confine(path, s.readRoots(ctx, req))
	if err != nil {
		return "", notAllowed(err)
	}
	return p, nil
}

// clientRoots are the client's MCP roots (file: URIs only), asked for when
// its initialize said it has them. The SDK refuses roots/list to a client
// on protocol 2026-07-28 or later (roots are deprecated there, SEP-2577):
// such a client gets --allow-read and the output folder only.
func clientRoots(ctx context.Context, req *mcp.CallToolRequest) []string {
	if req == nil || req.Session == nil {
		return nil
	}
	ip := req.Session.InitializeParams()
	//lint:ignore SA1019 roots still serve clients before protocol 2026-07-28; later ones are handled above
	if ip == nil || ip.Capabilities == nil || ip.Capabilities.RootsV2 == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	//lint:ignore SA1019 see above: roots of clients that declared them
	res, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{})
	if err != nil || res == nil {
		return nil
	}
	var out []string
	for _, r := range res.Roots {
		u, err := url.Parse(r.URI)
		if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") || !filepath.IsAbs(u.Path) {
			continue
		}
		out = append(out, filepath.Clean(u.Path))
	}
	return out
}
