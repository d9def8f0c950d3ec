package rpc

import "strings"

// ExpandDone writes a done line (Command.Done, Tool.Done) with each {KEY}
// replaced by value(KEY); what a key means is the caller's (the CLI's
// arguments as typed, the MCP tool's params). A '{' without its '}' is
// kept as text.
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
		b.WriteString(value(line[i+1 : i+1+j]))
		line = line[i+2+j:]
	}
}
