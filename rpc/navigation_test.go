package rpc

import "testing"

func TestHTTPErrorLine(t *testing.T) {
	for status, want := range map[int]string{
		0:   "",
		200: "",
		304: "",
		404: "the server answered HTTP 404 Not Found: the page shown is its error page",
		503: "the server answered HTTP 503 Service Unavailable: the page shown is its error page",
		599: "the server answered HTTP 599 error: the page shown is its error page",
		600: "",
	} {
		if got := HTTPErrorLine(status); got != want {
			t.Errorf("HTTPErrorLine(%d) = %q, want %q", status, got, want)
		}
	}
}
