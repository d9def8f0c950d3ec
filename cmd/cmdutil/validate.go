package cmdutil

// Checks of the command line and the BROWSERCTL_* environment that run
// before any command does (the root's PersistentPreRunE): a bad value is a
// usage error (exit 2) that names the flag or the variable, and nothing (no
// hub, no browser) has been started.

import (
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// allowNegative is the annotation of a numeric flag that takes negative
// values (a wheel delta); every other int or duration flag must be >= 0.
const allowNegative = "browserctl_allow_negative"

// envCheck is one BROWSERCTL_* variable and how its value is read.
func checkBool(v string) error {
	if _, err := strconv.ParseBool(v); err != nil {
		return fmt.Errorf("want true or false (1 or 0), got %q", v)
	}
	return nil
}

type envCheck struct {
	name  string
	check func(v string) error
}

// envChecks are the variables read before a command runs. A variable that
// is set must hold a valid value, whether or not a flag overrides it: a
// typo in the environment never passes unnoticed.
var envChecks = []envCheck{
	{"BROWSERCTL_SERVER", func(v string) error { _, err := ParseServerAddr(v); return err }},
	{"BROWSERCTL_TIMEOUT", func(v string) error { _, err := parseEnvDuration(v); return err }},
	{"BROWSERCTL_WAIT", func(v string) error { _, err := parseEnvDuration(v); return err }},
	{"BROWSERCTL_JSON", checkBool},
	{"BROWSERCTL_KEEP_JOURNAL", checkBool},
	{"BROWSERCTL_TOKEN", func(v string) error {
		if strings.IndexFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
			return fmt.Errorf("the token has a space or a control character")
		}
		return nil
	}},
	{"BROWSERCTL_EXTENSION_ID", CheckExtensionID},
	{"BROWSERCTL_HOME", func(v string) error {
		// the background hub runs in that folder: a relative path would
		// name another folder there, and its pid file would be lost
		if !filepath.IsAbs(v) {
			return fmt.Errorf("want an absolute path, got %q", v)
		}
		return nil
	}},
}

// CheckExtensionID: Chrome's extension ids are 32 letters a-p.
func CheckExtensionID(v string) error {
	if len(v) != 32 || strings.Trim(v, "abcdefghijklmnop") != "" {
		return fmt.Errorf("an extension id is 32 letters a-p, got %q", v)
	}
	return nil
}

// ValidateInvocation checks the environment and c's numeric flags.
func ValidateInvocation(f *Factory, c *cobra.Command) error {
	for _, ec := range envChecks {
		v := f.Getenv(ec.name)
		if v == "" {
			continue
		}
		if err := ec.check(v); err != nil {
			return UsageErrorf("$%s: %v", ec.name, err)
		}
	}
	return checkNegativeFlags(c) // --server: the root's PersistentPreRunE
}

// checkNegativeFlags refuses a negative value of any int or duration flag
// set on the command line (`-d -5`, `--count -1`, `--timeout -1s`), unless
// the flag carries allowNegative.
func checkNegativeFlags(c *cobra.Command) error {
	var bad error
	c.Flags().Visit(func(fl *pflag.Flag) {
		if bad != nil || fl.Annotations[allowNegative] != nil {
			return
		}
		negative := false
		switch fl.Value.Type() {
		case "int", "int8", "int16", "int32", "int64":
			n, err := strconv.ParseInt(fl.Value.String(), 10, 64)
			negative = err == nil && n < 0
		case "duration":
			d, err := time.ParseDuration(fl.Value.String())
			negative = err == nil && d < 0
		}
		if negative {
			bad = UsageErrorf("--%s must not be negative, got %s", fl.Name, fl.Value.String())
		}
	})
	return bad
}

// ParseServerAddr reads a --server value as the hub's host:port:
// "127.0.0.1:9223", "localhost:9223", "[::1]:9223", also with http:// or
// ws:// and a path. The port must be 1-65535 (":0" would listen on a random
// port no client finds) and the host must be named (":9223" would listen on
// every interface).
func ParseServerAddr(s string) (string, error) {
	hp := HostPort(s)
	host, port, err := net.SplitHostPort(hp)
	if err != nil {
		return "", fmt.Errorf("want host:port such as 127.0.0.1:9223, got %q", s)
	}
	if host == "" {
		return "", fmt.Errorf("want a host before the port (127.0.0.1%s), got %q", hp, s)
	}
	if strings.ContainsAny(host, " /\\@?#") {
		return "", fmt.Errorf("%q is not a host name or address", host)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return "", fmt.Errorf("the port must be a number from 1 to 65535, got %q", port)
	}
	return hp, nil
}

// parseEnvDuration reads a duration variable: "30s", "1m", or a whole
// number of milliseconds; never negative.
func parseEnvDuration(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		ms, aerr := strconv.Atoi(v)
		if aerr != nil {
			return 0, fmt.Errorf("want a duration such as 30s or a number of milliseconds, got %q", v)
		}
		d = time.Duration(ms) * time.Millisecond
	}
	if d < 0 {
		return 0, fmt.Errorf("must not be negative, got %q", v)
	}
	return d, nil
}
