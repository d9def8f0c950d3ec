package hub

// /ws/browser: upgrade and the auth handshake.

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"

	"browserctl/hub/capability"
	"browserctl/hub/hubapi"
	"browserctl/rpc"
)

// upgrader: origins are checked before Upgrade (guard.go), so CheckOrigin
// only confirms that.
var upgrader = websocket.Upgrader{
	ReadBufferSize:  16 << 10,
	WriteBufferSize: 16 << 10,
	CheckOrigin:     func(*http.Request) bool { return true },
}

// serveWS is /ws/browser: the upgrade, the auth handshake (spec section 2),
// then the connection's read loop.
func (h *Hub) serveWS(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "hub is shutting down")
		return
	}
	h.wg.Add(1)
	h.mu.Unlock()
	defer h.wg.Done()

	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade answered the request
	}
	remote := ws.RemoteAddr().String()
	origin := r.Header.Get("Origin")
	h.frames.event(remote, "connect origin=%q", origin)
	ws.SetReadLimit(authFrameLimit) // the big limit only after auth_ok: no tokenless 60 MiB frames
	// The auth deadline, not the gate's lifetime of untrusted connections,
	// ends a silent client: it gets its 4001 (spec section 2).
	holdUntrusted(r, h.opts.AuthTimeout+2*closeGrace)

	who, ok := h.authenticate(ws, r, remote, origin)
	if !ok {
		return
	}
	trustConn(r)
	ws.SetReadLimit(h.opts.MaxFrameBytes)
	c := newConn(h, ws, identify(r, remote, who))
	c.out <- outFrame{buf: controlFrame(authOKFrame)} // first in line, before any request
	if !h.attach(c) {
		closeWith(h, ws, remote, closeGoingAway, "hub shutting down")
		return
	}
	h.frames.event(remote, "auth ok")
	h.logf("hub: browser %s connected from %s", c.browser.Label(), remote)
	ws.SetPingHandler(func(data string) error {
		_ = ws.SetReadDeadline(time.Now().Add(readWait))
		err := ws.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(writeWait))
		if errors.Is(err, websocket.ErrCloseSent) {
			return nil
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil
		}
		return err
	})
	go c.writeLoop()
	c.readLoop()
	<-c.writerDone
	h.detach(c)
	h.logf("hub: browser %s at %s disconnected", c.browser.Label(), remote)
}

// authenticate reads the first frame: a valid auth frame with the right
// token, within AuthTimeout. Anything else closes the connection with 4001.
// It answers who the browser is: what it said in that frame, and the remote
// browser whose own key it proved. At the remote listener only a remote
// browser's own key is taken.
func (h *Hub) authenticate(ws *websocket.Conn, r *http.Request, remote, origin string) (authed, bool) {
	_ = ws.SetReadDeadline(time.Now().Add(h.opts.AuthTimeout))
	_, data, err := ws.ReadMessage()
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			h.refuse(remote, origin, hubapi.RefusedAuthTimeout)
			closeWith(h, ws, remote, closeUnauthorized, "no auth frame within "+h.opts.AuthTimeout.String())
			return authed{}, false
		}
		if errors.Is(err, websocket.ErrReadLimit) {
			h.refuse(remote, origin, hubapi.RefusedMalformed)
			closeWith(h, ws, remote, closeUnauthorized, "auth frame too large")
			return authed{}, false
		}
		h.frames.event(remote, "gone before auth: %v", err)
		_ = ws.Close()
		return authed{}, false
	}
	h.frames.frame(remote, "<-", data)
	f, err := rpc.DecodeFrame(data)
	reason, why := "", ""
	onRemote := fromRemoteListener(r)
	var who authed
	switch {
	case err != nil:
		reason, why = "first frame is not a JSON object", hubapi.RefusedMalformed
	case f.Control == nil || f.Control.Type != rpc.FrameAuth:
		reason, why = `first frame must be {"type":"auth","token":"..."}`, hubapi.RefusedNotAuth
	case f.Control.Token == "" && f.Control.Nonce != "":
		who = authed{hello: f.Control.Browser, own: h.ownKeyOf(f.Control.Browser)}
		if onRemote && who.own == nil {
			reason, why = "a browser on another machine proves a key of its own (extension install --server wss://... --name NAME)", hubapi.RefusedNotOwnKey
			break
		}
		key := h.extensionKey()
		if who.own != nil {
			key, _ = who.own.Sum()
		}
		if !h.proveExtension(ws, remote, origin, f.Control.Nonce, key, listenerPort(r, h)) {
			return authed{}, false
		}
		return who, true
	case h.matchOwnKey(f.Control.Token, &who):
		who.hello = f.Control.Browser
	case onRemote:
		reason, why = "a browser on another machine connects with a key of its own (extension install --server wss://... --name NAME)", hubapi.RefusedNotOwnKey
	case h.extensionKeyOK(f.Control.Token):
		who.hello = f.Control.Browser
	case h.separateKey() && h.tokenOK(f.Control.Token):
		reason, why = "control token refused: the extension connects with its own key (extension install)", hubapi.RefusedWrongToken
	case h.separateKey() && capability.Is(f.Control.Token):
		reason, why = "capability refused: the extension connects with its own key (extension install)", hubapi.RefusedWrongToken
	default:
		reason, why = "wrong token", hubapi.RefusedWrongToken
	}
	if reason != "" {
		h.refuse(remote, origin, why)
		closeWith(h, ws, remote, closeUnauthorized, reason)
		return authed{}, false
	}
	return who, true
}

// proveExtension is the mutual proof (rpc/proof.go) after an auth frame
// that carries the extension's nonce: the hub proves it holds the
// extension key first, then the extension proves it, before auth_ok.
// Neither side sends the key itself.
func (h *Hub) proveExtension(ws *websocket.Conn, remote, origin, cn string, key [32]byte, port string) bool {
	if !rpc.ValidNonce(cn) {
		h.refuse(remote, origin, hubapi.RefusedMalformed)
		closeWith(h, ws, remote, closeUnauthorized, `"nonce" must be 32 to 64 hex digits`)
		return false
	}
	sn := rpc.NewNonce()
	challenge, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuthChallenge, Nonce: sn, Proof: rpc.Proof(key, rpc.ProofHubWS, cn, sn, port)})
	h.frames.frame(remote, "->", challenge)
	if err := ws.WriteMessage(websocket.TextMessage, challenge); err != nil {
		_ = ws.Close()
		return false
	}
	_, data, err := ws.ReadMessage() // the read deadline of the first frame still holds
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		// the extension closed on the challenge: the hub's proof did not
		// check with the key it holds
		h.refuse(remote, origin, hubapi.RefusedKeyMismatch)
		_ = ws.Close()
		return false
	}
	if err != nil {
		h.refuse(remote, origin, hubapi.RefusedAuthTimeout)
		closeWith(h, ws, remote, closeUnauthorized, "no proof within "+h.opts.AuthTimeout.String())
		return false
	}
	h.frames.frame(remote, "<-", data)
	f, err := rpc.DecodeFrame(data)
	if err != nil || f.Control == nil || f.Control.Type != rpc.FrameAuth || !rpc.ProofOK(key, rpc.ProofExtension, cn, sn, port, f.Control.Proof) {
		h.refuse(remote, origin, hubapi.RefusedWrongToken)
		closeWith(h, ws, remote, closeUnauthorized, "wrong key: the extension's proof does not check")
		return false
	}
	return true
}

// closeWith sends a close frame, waits briefly for the peer's answer so the
// frame is not lost to a reset, and closes the socket. Only for a socket no
// writer goroutine owns yet.
func closeWith(h *Hub, ws *websocket.Conn, remote string, code int, reason string) {
	h.frames.event(remote, "close code=%d reason=%q", code, reason)
	_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(writeWait))
	_ = ws.SetReadDeadline(time.Now().Add(closeGrace))
	for {
		if _, _, err := ws.NextReader(); err != nil {
			break
		}
	}
	_ = ws.Close()
}

// browserOf names the browser behind an upgrade request: its User-Agent and
// the extension id of its Origin (guard.go let only chrome-extension://
// origins or none through).
func browserOf(r *http.Request, remote string) hubapi.Browser {
	id, _ := strings.CutPrefix(r.Header.Get("Origin"), "chrome-extension://")
	if id == r.Header.Get("Origin") {
		id = ""
	}
	return hubapi.Browser{UserAgent: r.UserAgent(), ExtensionID: id, Remote: remote}
}
