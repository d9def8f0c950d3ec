package e2e

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// A program on the port the extension dials that is not our hub: it
// records every byte it receives, answers auth_ok at once and asks for
// pages.eval. The real extension in headless Chromium sends it neither its
// key nor anything that proves as it later, runs nothing for it, and its
// popup says the hub failed to prove itself.
func TestExtensionGivesASquatterNothing(t *testing.T) {
	keyBytes, err := os.ReadFile(filepath.Join(h.home, "extension-key"))
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimSpace(string(keyBytes))
	tokenBytes, _ := os.ReadFile(filepath.Join(h.home, "token"))
	token := strings.TrimSpace(string(tokenBytes))

	var mu sync.Mutex
	var got []string
	answered := false
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Method+" "+r.URL.String()+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
		for i := 0; ; i++ {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			mu.Lock()
			got = append(got, string(data))
			if strings.Contains(string(data), `"result"`) || strings.Contains(string(data), `"error"`) {
				answered = true
			}
			mu.Unlock()
			if i == 0 {
				_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"auth_ok","version":1}`))
				_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"jsonrpc":"2.0","id":1,"method":"pages.eval","params":{"expression":"document.cookie"}}`))
			}
		}
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()

	p := popupPage(t)
	t.Cleanup(func() { restoreConnection(t, p) })
	squat := "ws://" + ln.Addr().String() + "/ws/browser"
	p.eval(`chrome.storage.local.set({server: "`+squat+`"}).then(() => chrome.runtime.sendMessage({type: "reconnect"})).then(() => true)`, nil)
	waitPopup(t, p, "failed to prove itself", 15*time.Second)
	time.Sleep(500 * time.Millisecond)

	mu.Lock()
	defer mu.Unlock()
	all := strings.Join(got, "\n")
	if len(got) < 2 {
		t.Fatalf("the squatter saw %d things, want the upgrade and the first frame:\n%s", len(got), all)
	}
	if strings.Contains(all, key) || strings.Contains(all, token) {
		t.Errorf("the squatter received a secret:\n%s", all)
	}
	if strings.Contains(all, `"proof"`) {
		t.Errorf("the extension sent a proof to a hub that proved nothing:\n%s", all)
	}
	if answered {
		t.Errorf("the extension answered the squatter's call:\n%s", all)
	}
}

// The extension told to speak the seed's handshake ("handshake": "seed")
// works with a hub that follows the seed: it sends {"type":"auth","token"}
// with its key and, after auth_ok, answers the hub's calls.
func TestExtensionSpeaksTheSeedToASeedHub(t *testing.T) {
	keyBytes, err := os.ReadFile(filepath.Join(h.home, "extension-key"))
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimSpace(string(keyBytes))
	answered := make(chan string, 1)
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
		var auth struct {
			Type, Token string
		}
		if err := ws.ReadJSON(&auth); err != nil || auth.Type != "auth" || auth.Token != key {
			_ = ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4001, "wrong token"))
			return
		}
		_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"type":"auth_ok","version":1}`))
		_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"jsonrpc":"2.0","id":7,"method":"sessions.list"}`))
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			if strings.Contains(string(data), `"id":7`) {
				answered <- string(data)
				return
			}
		}
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()

	p := popupPage(t)
	t.Cleanup(func() {
		p.eval(`chrome.storage.local.remove("handshake").then(() => true)`, nil)
		restoreConnection(t, p)
	})
	seedHub := "ws://" + ln.Addr().String() + "/ws/browser"
	p.eval(`chrome.storage.local.set({server: "`+seedHub+`", handshake: "seed"}).then(() => chrome.runtime.sendMessage({type: "reconnect"})).then(() => true)`, nil)
	select {
	case a := <-answered:
		if !strings.Contains(a, `"result"`) || !strings.Contains(a, `"sessions"`) {
			t.Errorf("the seed hub's sessions.list was answered %s", a)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the extension in seed mode did not answer the seed hub's call")
	}
}
