package main

import (
	"crypto/rand"
	"fmt"
	"html"
	"io"
	"math/big"
	"net"
	"net/http"
	"strings"
	"sync"
)

// The agent benchmark's web site (agent.go drives it): two origins,
// http://127.0.0.1:P (every page) and http://localhost:Q (the frame
// embedded cross-origin), serving the six tasks' pages. Every value an
// agent must read or type is drawn at random for each task run (newRound),
// and the server records what it was sent, so an outcome is checked here,
// never from what the agent says it did.

// agentFormFields are the form's nine text fields, in page order: label and
// the name it posts.
var agentFormFields = []struct{ Label, Name string }{
	{"First name", "first"}, {"Last name", "last"}, {"Email", "email"},
	{"Phone", "phone"}, {"Company", "company"}, {"Street", "street"},
	{"City", "city"}, {"Zip code", "zip"}, {"Delivery notes", "notes"},
}

var agentCountries = []string{"Argentina", "Belgium", "Canada", "Denmark", "Estonia", "Finland", "Ghana", "Hungary", "Iceland", "Japan", "Kenya", "Latvia"}

var (
	productAdjectives = []string{"Azure", "Brass", "Cedar", "Dune", "Ember", "Frost", "Granite", "Harbor", "Ivory", "Jade"}
	productNouns      = []string{"Kettle", "Lamp", "Mug", "Notebook", "Pillow", "Rucksack", "Scarf", "Teapot", "Umbrella", "Vase"}
)

// productName is the list's item i (0..299): unique, and no name is a
// prefix of another (the number has three digits).
func productName(i int) string {
	return fmt.Sprintf("%s %s %03d", productAdjectives[i%10], productNouns[(i/10)%10], i)
}

// agentRound is one task run's random values and what the server saw.
type agentRound struct {
	Password                string
	Product                 int // the item to open
	SKU                     string
	Form                    map[string]string // name -> value the agent must type
	Country                 string
	UploadName              string
	UploadSize              int
	Order                   string // the confirmation's number, drawn at submit
	Report                  string // the new tab's value
	FrameToken              string
	LoggedIn, BadLogin      bool
	Opened                  []int             // product pages served
	Posted                  map[string]string // the form as posted
	PostedFile              string
	PostedFileSize          int
	ReportServed, FrameSeen bool
	DialogAnswer            string // "true" or "false" as the page sent it
}

type agentSite struct {
	mu        sync.Mutex
	r         *agentRound
	a, b      *http.Server
	A, B      string // the two origins
	closeOnce sync.Once
}

func randDigits(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String()
}

func randInt(n int) int {
	d, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(d.Int64())
}

func randWord(n int) string {
	const letters = "abcdefghijkmnpqrstuvwxyz"
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(letters[randInt(len(letters))])
	}
	return b.String()
}

// newRound draws fresh values and forgets what the server saw.
func (s *agentSite) newRound() *agentRound {
	r := &agentRound{
		Password: "pw-" + randWord(8),
		// In the list's last third: never on its first screens, nor in
		// the first 20,000 characters of a snapshot of it.
		Product:    200 + randInt(100),
		SKU:        "SKU-" + randDigits(7),
		Country:    agentCountries[randInt(len(agentCountries))],
		UploadName: "receipt-" + randWord(6) + ".txt",
		UploadSize: 200 + randInt(800),
		Report:     "RPT-" + randDigits(6),
		FrameToken: "FT-" + randDigits(6),
		Form:       map[string]string{},
	}
	w := randWord(5)
	r.Form["first"] = "Ada" + w
	r.Form["last"] = "Lovelace" + randWord(4)
	r.Form["email"] = "ada." + w + "@example.test"
	r.Form["phone"] = "+1 555 " + randDigits(7)
	r.Form["company"] = "Engines " + randWord(4)
	r.Form["street"] = randDigits(3) + " Analytical Way"
	r.Form["city"] = "Marylebone " + randWord(3)
	r.Form["zip"] = randDigits(5)
	r.Form["notes"] = "Leave at door " + randWord(6)
	s.mu.Lock()
	s.r = r
	s.mu.Unlock()
	return r
}

func (s *agentSite) round() *agentRound {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.r
}

// startAgentSite listens on two loopback ports: A is named 127.0.0.1, B
// localhost, two sites to the browser (the frame is cross-origin and, with
// site isolation, out of process).
func startAgentSite() (*agentSite, error) {
	s := &agentSite{}
	la, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	lb, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		la.Close()
		return nil, err
	}
	s.A = "http://" + la.Addr().String()
	s.B = fmt.Sprintf("http://localhost:%d", lb.Addr().(*net.TCPAddr).Port)
	s.a = &http.Server{Handler: s.handlerA()}
	s.b = &http.Server{Handler: s.handlerB()}
	go s.a.Serve(la)
	go s.b.Serve(lb)
	s.newRound()
	return s, nil
}

func (s *agentSite) close() {
	s.closeOnce.Do(func() {
		s.a.Close()
		s.b.Close()
	})
}

func page(w http.ResponseWriter, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "<!doctype html><html><head><meta charset=utf-8><title>%s</title></head><body>%s</body></html>", html.EscapeString(title), body)
}

const agentNav = `<nav><a href="/">Home</a> | <a href="/products">Products</a> | <a href="/order">Order</a> | <a href="/help">Help</a></nav>`

func (s *agentSite) handlerA() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, req *http.Request) {
		r := s.round()
		if req.Method == http.MethodPost {
			_ = req.ParseForm()
			ok := req.PostForm.Get("user") == "alice" && req.PostForm.Get("password") == r.Password
			s.mu.Lock()
			if ok {
				r.LoggedIn = true
			} else {
				r.BadLogin = true
			}
			s.mu.Unlock()
			if ok {
				http.SetCookie(w, &http.Cookie{Name: "sid", Value: randWord(12), Path: "/", HttpOnly: true})
				http.Redirect(w, req, "/account", http.StatusSeeOther)
				return
			}
			page(w, "Sign in", agentNav+`<h1>Sign in</h1><p role=alert>Wrong user or password.</p>`+loginForm)
			return
		}
		page(w, "Sign in", agentNav+`<h1>Sign in</h1>`+loginForm)
	})
	mux.HandleFunc("/account", func(w http.ResponseWriter, req *http.Request) {
		page(w, "Your account", agentNav+`<h1>Your account</h1><p>Welcome alice</p><ul><li><a href="/orders">Your orders</a></li><li><a href="/settings">Settings</a></li><li><a href="/logout">Sign out</a></li></ul>`)
	})
	mux.HandleFunc("/products", func(w http.ResponseWriter, req *http.Request) {
		var b strings.Builder
		b.WriteString(agentNav + `<h1>Products</h1><input type=search aria-label="Filter products"><ul>`)
		for i := 0; i < 300; i++ {
			fmt.Fprintf(&b, `<li><a href="/product/%d">%s</a> <span>$%d.%02d</span> <button type=button>Add to cart</button></li>`, i, productName(i), 5+i%90, i%100)
		}
		b.WriteString(`</ul>`)
		page(w, "Products", b.String())
	})
	mux.HandleFunc("/product/", func(w http.ResponseWriter, req *http.Request) {
		var i int
		if _, err := fmt.Sscanf(strings.TrimPrefix(req.URL.Path, "/product/"), "%d", &i); err != nil || i < 0 || i >= 300 {
			http.NotFound(w, req)
			return
		}
		r := s.round()
		sku := "SKU-" + fmt.Sprintf("%07d", i*7919%10000000)
		if i == r.Product {
			sku = r.SKU
		}
		s.mu.Lock()
		r.Opened = append(r.Opened, i)
		s.mu.Unlock()
		page(w, productName(i), agentNav+fmt.Sprintf(`<h1>%s</h1><p>Item number: %s</p><p>In stock. Ships in 2 days.</p><button type=button>Add to cart</button> <a href="/products">Back to products</a>`, productName(i), sku))
	})
	mux.HandleFunc("/order", func(w http.ResponseWriter, req *http.Request) {
		r := s.round()
		if req.Method == http.MethodPost {
			if err := req.ParseMultipartForm(1 << 20); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			posted := map[string]string{}
			for k, v := range req.MultipartForm.Value {
				posted[k] = strings.Join(v, ",")
			}
			name, size := "", 0
			if fh := req.MultipartForm.File["attachment"]; len(fh) > 0 {
				if f, err := fh[0].Open(); err == nil {
					n, _ := io.Copy(io.Discard, f)
					f.Close()
					name, size = fh[0].Filename, int(n)
				}
			}
			order := "ORD-" + randDigits(6)
			s.mu.Lock()
			r.Posted, r.PostedFile, r.PostedFileSize, r.Order = posted, name, size, order
			s.mu.Unlock()
			page(w, "Order placed", agentNav+fmt.Sprintf(`<h1>Thank you</h1><p>Your order number is %s.</p><p>A confirmation was sent by email.</p>`, order))
			return
		}
		var b strings.Builder
		b.WriteString(agentNav + `<h1>Order</h1><form method=post action=/order enctype=multipart/form-data>`)
		for _, f := range agentFormFields {
			if f.Name == "notes" {
				fmt.Fprintf(&b, `<p><label>%s <textarea name=%s></textarea></label></p>`, f.Label, f.Name)
				continue
			}
			fmt.Fprintf(&b, `<p><label>%s <input name=%s></label></p>`, f.Label, f.Name)
		}
		b.WriteString(`<p><label>Country <select name=country><option value="">Choose...</option>`)
		for _, c := range agentCountries {
			fmt.Fprintf(&b, `<option>%s</option>`, c)
		}
		b.WriteString(`</select></label></p><p><label><input type=checkbox name=newsletter> Subscribe to the newsletter</label></p>`)
		b.WriteString(`<p><label>Attachment <input type=file name=attachment></label></p><p><button type=submit>Place order</button></p></form>`)
		page(w, "Order", b.String())
	})
	mux.HandleFunc("/links", func(w http.ResponseWriter, req *http.Request) {
		page(w, "Reports", agentNav+`<h1>Reports</h1><p>The weekly report opens in a new tab.</p><p><a href="/report" target=_blank>Open the weekly report</a></p>`)
	})
	mux.HandleFunc("/report", func(w http.ResponseWriter, req *http.Request) {
		r := s.round()
		s.mu.Lock()
		r.ReportServed = true
		s.mu.Unlock()
		page(w, "Weekly report", fmt.Sprintf(`<h1>Weekly report</h1><p>Report code: %s</p><p>Nothing else to see.</p>`, r.Report))
	})
	mux.HandleFunc("/draft", func(w http.ResponseWriter, req *http.Request) {
		page(w, "Draft", agentNav+`<h1>Draft</h1><p id=state>The draft is saved.</p><button type=button id=del>Delete the draft</button>
<script>document.getElementById('del').onclick = () => {
  const ok = confirm('Delete the draft?');
  fetch('/draft/answer?ok=' + ok, {method: 'POST'}).then(() => {
    document.getElementById('state').textContent = ok ? 'Draft deleted.' : 'Draft kept.';
  });
};</script>`)
	})
	mux.HandleFunc("/draft/answer", func(w http.ResponseWriter, req *http.Request) {
		r := s.round()
		s.mu.Lock()
		r.DialogAnswer = req.URL.Query().Get("ok")
		s.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("/partner", func(w http.ResponseWriter, req *http.Request) {
		page(w, "Partner", agentNav+fmt.Sprintf(`<h1>Partner offers</h1><p>Our partner's widget:</p><iframe src="%s/widget" title="Partner widget" width=400 height=150></iframe>`, s.B))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, req *http.Request) {
		page(w, "Shop", agentNav+`<h1>Shop</h1><p>Nothing here.</p>`)
	})
	return mux
}

const loginForm = `<form method=post action=/login><p><label>User <input name=user></label></p><p><label>Password <input type=password name=password></label></p><p><button type=submit>Sign in</button></p></form>`

func (s *agentSite) handlerB() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/widget", func(w http.ResponseWriter, req *http.Request) {
		r := s.round()
		s.mu.Lock()
		r.FrameSeen = true
		s.mu.Unlock()
		page(w, "Widget", fmt.Sprintf(`<p>Partner widget</p><p>Coupon code: %s</p><button type=button>Copy</button>`, r.FrameToken))
	})
	return mux
}

// The checks of each task: "" when done, else what is wrong. read is what
// the agent answered.

func (r *agentRound) checkLogin() string {
	if !r.LoggedIn {
		return "the server saw no sign-in with the right password"
	}
	return ""
}

func (r *agentRound) checkProduct(read string) string {
	opened := false
	for _, i := range r.Opened {
		opened = opened || i == r.Product
	}
	switch {
	case !opened:
		return fmt.Sprintf("product %d was never opened (opened %v)", r.Product, r.Opened)
	case read != r.SKU:
		return fmt.Sprintf("read item number %q, the page shows %q", read, r.SKU)
	}
	return ""
}

func (r *agentRound) checkForm(read string) string {
	if r.Posted == nil {
		return "the form was never posted"
	}
	var bad []string
	for _, f := range agentFormFields {
		if r.Posted[f.Name] != r.Form[f.Name] {
			bad = append(bad, fmt.Sprintf("%s=%q", f.Name, r.Posted[f.Name]))
		}
	}
	if r.Posted["country"] != r.Country {
		bad = append(bad, fmt.Sprintf("country=%q", r.Posted["country"]))
	}
	if r.Posted["newsletter"] != "on" {
		bad = append(bad, "newsletter unchecked")
	}
	if r.PostedFile != r.UploadName || r.PostedFileSize != r.UploadSize {
		bad = append(bad, fmt.Sprintf("file %q (%d bytes)", r.PostedFile, r.PostedFileSize))
	}
	if read != r.Order {
		bad = append(bad, fmt.Sprintf("read order %q, not %q", read, r.Order))
	}
	if len(bad) > 0 {
		return "posted wrong: " + strings.Join(bad, ", ")
	}
	return ""
}

func (r *agentRound) checkTab(read string) string {
	if !r.ReportServed {
		return "the report was never opened"
	}
	if read != r.Report {
		return fmt.Sprintf("read %q, the report shows %q", read, r.Report)
	}
	return ""
}

func (r *agentRound) checkDialog(read string) string {
	if r.DialogAnswer != "true" {
		return fmt.Sprintf("the confirm was answered %q, not accepted", r.DialogAnswer)
	}
	if read != "Draft deleted." {
		return fmt.Sprintf("read %q after the confirm", read)
	}
	return ""
}

func (r *agentRound) checkFrame(read string) string {
	if !r.FrameSeen {
		return "the frame was never loaded"
	}
	if read != r.FrameToken {
		return fmt.Sprintf("read %q, the frame shows %q", read, r.FrameToken)
	}
	return ""
}
