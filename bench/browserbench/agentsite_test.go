package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// The agent site's pages and checks, with an HTTP client standing in for
// the browser: each task done right passes its check, done wrong fails it.

func get(t *testing.T, c *http.Client, u string) string {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func TestAgentSiteTasks(t *testing.T) {
	s, err := startAgentSite()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if !strings.HasPrefix(s.A, "http://127.0.0.1:") || !strings.HasPrefix(s.B, "http://localhost:") {
		t.Fatalf("origins %s %s", s.A, s.B)
	}

	// Sign in: a wrong password is refused, the round's one accepted.
	r := s.newRound()
	c.PostForm(s.A+"/login", url.Values{"user": {"alice"}, "password": {"nope"}})
	if r.checkLogin() == "" || !r.BadLogin {
		t.Fatal("a wrong password passed")
	}
	res, err := c.PostForm(s.A+"/login", url.Values{"user": {"alice"}, "password": {r.Password}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if v := r.checkLogin(); v != "" || !reWelcome.Match(body) {
		t.Fatalf("sign-in: %s %s", v, body)
	}

	// The product: 300 links, the round's item shows its number.
	r = s.newRound()
	list := get(t, c, s.A+"/products")
	if n := strings.Count(list, "<li>"); n != 300 {
		t.Fatalf("%d items", n)
	}
	if r.checkProduct(r.SKU) == "" {
		t.Fatal("an unopened product passed")
	}
	m := regexp.MustCompile(`href="(/product/\d+)">` + productName(r.Product) + `<`).FindStringSubmatch(list)
	if m == nil {
		t.Fatal("the list lacks the round's product")
	}
	sku := reSKU.FindStringSubmatch(get(t, c, s.A+m[1]))
	if sku == nil || r.checkProduct(sku[1]) != "" {
		t.Fatalf("product: %v %s", sku, r.checkProduct(""))
	}

	// The form: the posted fields, the file and the order number read.
	r = s.newRound()
	form := get(t, c, s.A+"/order")
	for _, want := range []string{"<select name=country>", "type=checkbox", "type=file", "Place order"} {
		if !strings.Contains(form, want) {
			t.Fatalf("the form lacks %s", want)
		}
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range agentFormFields {
		mw.WriteField(f.Name, r.Form[f.Name])
	}
	mw.WriteField("country", r.Country)
	mw.WriteField("newsletter", "on")
	fw, _ := mw.CreateFormFile("attachment", r.UploadName)
	fw.Write(bytes.Repeat([]byte("x"), r.UploadSize))
	mw.Close()
	res, err = c.Post(s.A+"/order", mw.FormDataContentType(), &buf)
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	order := reOrder.FindSubmatch(body)
	if order == nil || r.checkForm(string(order[1])) != "" {
		t.Fatalf("form: %s %s", body, r.checkForm(""))
	}
	if r.checkForm("ORD-000000") == "" {
		t.Fatal("a wrong order number passed")
	}
	r.Posted["zip"] = "x"
	if !strings.Contains(r.checkForm(string(order[1])), "zip") {
		t.Fatal("a wrong field passed")
	}

	// The new tab's report, the frame on the other origin, the dialog.
	r = s.newRound()
	if !strings.Contains(get(t, c, s.A+"/links"), `target=_blank`) {
		t.Fatal("the link opens no new tab")
	}
	rep := reReport.FindStringSubmatch(get(t, c, s.A+"/report"))
	if rep == nil || r.checkTab(rep[1]) != "" {
		t.Fatal("report")
	}
	if !strings.Contains(get(t, c, s.A+"/partner"), `src="`+s.B+`/widget"`) {
		t.Fatal("the frame is not on the other origin")
	}
	cp := reCoupon.FindStringSubmatch(get(t, c, s.B+"/widget"))
	if cp == nil || r.checkFrame(cp[1]) != "" {
		t.Fatal("frame")
	}
	if r.checkDialog("Draft deleted.") == "" {
		t.Fatal("an unanswered confirm passed")
	}
	c.Post(s.A+"/draft/answer?ok=false", "", nil)
	if r.checkDialog("Draft kept.") == "" {
		t.Fatal("a dismissed confirm passed")
	}
	c.Post(s.A+"/draft/answer?ok=true", "", nil)
	if v := r.checkDialog("Draft deleted."); v != "" {
		t.Fatal(v)
	}
}

// Refs come out of each server's snapshot lines.
func TestRefIn(t *testing.T) {
	for _, c := range []struct{ text, role, name, want string }{
		{`- link "Azure Kettle 037" [ref=e12]`, "link", "Azure Kettle 037", "e12"},
		{`    - link "Open the weekly report" [ref=f7e10] [cursor=pointer]:`, "link", "Open the weekly report", "f7e10"},
		{`- checkbox "Subscribe" [checked=false, ref=e2]`, "checkbox", "Subscribe", "e2"},
		{`- button "Attachment" [ref=e7]: No file chosen`, fileRoles, "Attachment", "e7"},
		{`- link "Azure Kettle 0370" [ref=e1]`, "link", "Azure Kettle 037", ""},
		{`- textbox "User" [ref=e1]`, "button", "User", ""},
	} {
		if got := refIn(c.text, c.role, c.name); got != c.want {
			t.Errorf("refIn(%q, %s, %s) = %q, want %q", c.text, c.role, c.name, got, c.want)
		}
	}
}
