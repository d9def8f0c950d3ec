package rpc

import "strings"

// ExpandDone writes a done line (Command.Done, Tool.Done) with each {KEY}
// replaced by value(KEY); what a key means is the caller's (the CLI's
// arguments as typed, the MCP tool's params). {KEY|TEXT} is value(KEY),
// or TEXT when that is empty. A '{' without its '}' is kept as text.
func ExpandDone(line string, value func(key string) string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(line[i+1:], '}')
		}
		if j < 0 {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(line[:i])
		key, otherwise, _ := strings.Cut(line[i+1:i+1+j], "|")
		v := value(key)
		if v == "" {
			v = otherwise
		}
		b.WriteString(v)
		line = line[i+2+j:]
	}
}
