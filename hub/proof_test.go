package hub

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"browserctl/hub/capability"
	"browserctl/rpc"
)

const testExtensionKey = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"

// proveAs runs the extension's side of the mutual proof with key; it
// answers the hub's challenge only when the hub's proof checks.
func proveAs(t *testing.T, th *testHub, key string) (*peer, rpc.Control, bool) {
	t.Helper()
	ws, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := &peer{t: t, ws: ws}
	cn := rpc.NewNonce()
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Nonce: cn})
	var ch rpc.Control
	if err := ws.ReadJSON(&ch); err != nil || ch.Type != rpc.FrameAuthChallenge {
		t.Fatalf("want auth_challenge, got %+v (%v)", ch, err)
	}
	_, port, _ := strings.Cut(th.addr, ":")
	k := rpc.SecretKey(key)
	hubProved := rpc.ProofOK(k, rpc.ProofHubWS, cn, ch.Nonce, port, ch.Proof)
	p.sendJSON(rpc.Control{Type: rpc.FrameAuth, Proof: rpc.Proof(k, rpc.ProofExtension, cn, ch.Nonce, port)})
	return p, ch, hubProved
}

// The extension and the hub prove to each other that they hold the
// extension key; neither sends it, and calls flow after auth_ok.
func TestMutualProofAtTheBrowserSlot(t *testing.T) {
	th := startHub(t, Options{ExtensionKey: testExtensionKey})
	p, ch, hubProved := proveAs(t, th, testExtensionKey)
	defer p.close()
	if !hubProved {
		t.Fatal("the hub's proof does not check with the extension key")
	}
	var ok rpc.Control
	if err := p.ws.ReadJSON(&ok); err != nil || ok.Type != rpc.FrameAuthOK {
		t.Fatalf("want auth_ok, got %+v (%v)", ok, err)
	}
	if strings.Contains(ch.Proof+ch.Nonce, testExtensionKey) || strings.Contains(ch.Proof+ch.Nonce, testToken) {
		t.Error("the challenge carries a secret")
	}
	p.serve(func(req rpc.Request) any { return map[string]any{"value": "t"} })
	if _, err := th.Call(context.Background(), rpc.PageGet, map[string]any{"sessionId": "s1", "what": "title"}, 5*time.Second); err != nil {
		t.Fatalf("a call after the proof: %v", err)
	}
}

// A peer that does not hold the key gets a challenge it cannot answer and
// a 4001; the seed's plain auth frame works with the extension key, and the
// control token is refused there with a reason that says so, while the
// real extension keeps the slot.
func TestBrowserSlotRefusesWhoHasNoExtensionKey(t *testing.T) {
	th := startHub(t, Options{ExtensionKey: testExtensionKey})
	p, _, hubProved := proveAs(t, th, "a guess")
	if hubProved {
		t.Error("the hub's proof checked with a wrong key")
	}
	if code, reason := closeCode(t, p.ws); code != closeUnauthorized || !strings.Contains(reason, "wrong key") {
		t.Errorf("a wrong proof: close %d %q", code, reason)
	}

	real := &peer{t: t}
	ws, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	real.ws = ws
	defer real.close()
	real.sendJSON(rpc.Control{Type: rpc.FrameAuth, Token: testExtensionKey}) // the seed's handshake
	var ok rpc.Control
	if err := ws.ReadJSON(&ok); err != nil || ok.Type != rpc.FrameAuthOK {
		t.Fatalf("seed auth with the extension key: %+v (%v)", ok, err)
	}
	real.serve(func(req rpc.Request) any { return map[string]any{"who": "real"} })

	thief, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: testToken})
	_ = thief.WriteMessage(1, b)
	if code, reason := closeCode(t, thief); code != closeUnauthorized || !strings.Contains(reason, "control token") {
		t.Errorf("the control token at /ws/browser: close %d %q", code, reason)
	}
	capThief, _, err := dial(th, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(rpc.Control{Type: rpc.FrameAuth, Token: capability.Prefix + "some-session-capability"})
	_ = capThief.WriteMessage(1, b)
	if code, reason := closeCode(t, capThief); code != closeUnauthorized || !strings.Contains(reason, "capability") {
		t.Errorf("a capability at /ws/browser: close %d %q", code, reason)
	}
	res, err := th.Call(context.Background(), rpc.PageGet, map[string]any{"sessionId": "s1", "what": "title"}, 5*time.Second)
	if err != nil || !strings.Contains(string(res), "real") {
		t.Errorf("after the refused takeover the call went to %s (%v), want the real extension", res, err)
	}
}

// BenchmarkHandshake is what the mutual proof costs a connection against the
// seed's plain auth frame: dial, handshake, auth_ok.
func BenchmarkHandshake(b *testing.B) {
	th := startHub(b, Options{ExtensionKey: testExtensionKey})
	_, port, _ := strings.Cut(th.addr, ":")
	for _, mode := range []string{"seed", "proof"} {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				ws, _, err := dial(th, nil)
				if err != nil {
					b.Fatal(err)
				}
				if mode == "seed" {
					_ = ws.WriteJSON(rpc.Control{Type: rpc.FrameAuth, Token: testExtensionKey})
				} else {
					cn := rpc.NewNonce()
					_ = ws.WriteJSON(rpc.Control{Type: rpc.FrameAuth, Nonce: cn})
					var ch rpc.Control
					_ = ws.ReadJSON(&ch)
					k := rpc.SecretKey(testExtensionKey)
					if !rpc.ProofOK(k, rpc.ProofHubWS, cn, ch.Nonce, port, ch.Proof) {
						b.Fatal("hub proof")
					}
					_ = ws.WriteJSON(rpc.Control{Type: rpc.FrameAuth, Proof: rpc.Proof(k, rpc.ProofExtension, cn, ch.Nonce, port)})
				}
				var ok rpc.Control
				if err := ws.ReadJSON(&ok); err != nil || ok.Type != rpc.FrameAuthOK {
					b.Fatalf("%+v %v", ok, err)
				}
				ws.Close()
			}
		})
	}
}
