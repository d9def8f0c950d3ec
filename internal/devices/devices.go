// Package devices is the list of named devices `set device` emulates: a
// viewport, a device scale factor, mobile and touch, and a user agent.
package devices

import (
	"sort"
	"strings"
)

// Device is one named device.
type Device struct {
	Name      string
	Width     int
	Height    int
	Scale     float64
	Mobile    bool
	Touch     bool
	UserAgent string
}

// All is every device, in the list's order.
func All() []Device {
	return append([]Device(nil), table...)
}

// Named are the names of the devices whose names start with prefix,
// case aside, in the list's order (for completion).
func Named(prefix string) []string {
	var out []string
	low := strings.ToLower(prefix)
	for _, d := range table {
		if strings.HasPrefix(strings.ToLower(d.Name), low) {
			out = append(out, d.Name)
		}
	}
	return out
}

// Lookup finds a device by name, case and repeated spaces aside.
func Lookup(name string) (Device, bool) {
	key := fold(name)
	for _, d := range table {
		if fold(d.Name) == key {
			return d, true
		}
	}
	return Device{}, false
}

// Suggest names up to n devices whose names contain every word of name
// (case aside), for an unknown one.
func Suggest(name string, n int) []string {
	words := strings.Fields(strings.ToLower(name))
	var out []string
	for _, d := range table {
		low := strings.ToLower(d.Name)
		all := len(words) > 0
		for _, w := range words {
			if !strings.Contains(low, w) {
				all = false
				break
			}
		}
		if all {
			out = append(out, d.Name)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func fold(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}
