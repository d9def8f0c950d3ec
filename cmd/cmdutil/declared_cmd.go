package cmdutil

// newDeclaredCmd: one declared command built into a cobra command, its
// arguments and flags read into the method's params.

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// NewDeclaredCmd builds d's command: its usage and help, completion, flags,
// and a RunE that reads the arguments and flags into the method's params
// (build), prints with the row's printer and runs the row's hook.
func NewDeclaredCmd(f *Factory, runF func(*PageCall) error, d *Declared) *cobra.Command {
	b := &declaredCmd{f: f, d: d, dc: *d.Cmd, pt: reflect.TypeOf(d.Method.Params)}
	b.members = membersOf(b.pt)
	u := b.usage()
	b.c = &cobra.Command{
		Use:         u.use,
		Aliases:     b.dc.Aliases,
		Short:       b.dc.Short,
		Long:        b.longHelp(u),
		Example:     b.dc.Example,
		Args:        declaredArgs(b.dc, u.min, u.max),
		Annotations: replayAnnotation(b.dc.Replay),
	}
	b.c.ValidArgsFunction = b.completeArg
	b.addFlags()
	b.following = addFollowFlag(b.c, b.dc)
	_, b.hasTab = b.members["tabId"]
	if b.hasTab = b.hasTab && !u.argTab; b.hasTab {
		AddTabFlag(b.c, f, &b.tab)
	}
	b.instead = insteadFlag(b.c, b.dc.Instead)
	b.c.RunE = declaredRunE(f, runF, b.dc, b.build, b.members, b.following)
	return b.c
}

// declaredCmd is one declared command while it is built and run: the row,
// the params' members, and the cobra command with its flags' values.
type declaredCmd struct {
	f       *Factory
	d       *Declared
	dc      rpc.Command
	pt      reflect.Type // the params' struct
	members map[string]member
	c       *cobra.Command

	flagVals  []*string // the text of the flags kept as text, by dc.Flags index
	following *bool     // --follow
	instead   *bool     // the row's Instead flag
	hasTab    bool      // --tab fills tabId
	tab       int
}

// must is the params' member name; a row naming a member its params lack
// is a programming error, found when the tree is built.
func (b *declaredCmd) must(name string) member {
	if name == "" {
		return member{} // an argument for the Prepare step
	}
	m, ok := memberAt(b.pt, name)
	if !ok {
		panic(fmt.Sprintf("%s: %s has no member %q", b.dc.Path, b.pt, name))
	}
	return m
}

// usage is what the Args say of the command line.
type usage struct {
	use                         string
	min, max                    int // positional arguments; max -1: no limit
	hasTarget, hasForce, argTab bool
}

func (b *declaredCmd) usage() usage {
	var u usage
	words := []string{b.d.Words[len(b.d.Words)-1]}
	for _, a := range b.dc.Args {
		word := a.Name
		if a.Member != "" && b.must(a.Member).enum != nil {
			word = strings.Join(b.must(a.Member).enum.Values, "|")
		}
		switch {
		case a.Rest && a.Optional:
			word, u.max = "["+word+"...]", -1
		case a.Rest:
			word, u.max, u.min = word+"...", -1, u.min+1
		case a.Optional:
			word, u.max = "["+word+"]", u.max+1
		default:
			u.min, u.max = u.min+1, u.max+1
		}
		words = append(words, word)
		u.hasTarget = u.hasTarget || a.Target
		u.argTab = u.argTab || a.Member == "tabId"
	}
	if b.dc.Use != "" {
		words = []string{words[0], b.dc.Use}
	}
	for _, fl := range b.dc.Flags {
		u.hasForce = u.hasForce || fl.Member == "force"
	}
	u.use = strings.Join(words, " ")
	return u
}

// longHelp is the row's Long, or one made of Short and the target's and
// --force's help, with {target} and {force} filled in.
func (b *declaredCmd) longHelp(u usage) string {
	long := b.dc.Long
	if long == "" && (u.hasTarget || u.hasForce) {
		long = b.dc.Short + "."
		if u.hasTarget {
			long += "\n\n{target}"
		}
		if u.hasForce {
			long += "\n\n{force}"
		}
	}
	if strings.Contains(long, "{") {
		long = strings.ReplaceAll(strings.ReplaceAll(long, "{target}", TargetHelp), "{force}", forceHelp)
	}
	return long
}

// completeArg completes the positional argument being typed.
func (b *declaredCmd) completeArg(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	dc := b.dc
	i := len(args)
	if n := len(dc.Args); n > 0 && i >= n && dc.Args[n-1].Rest {
		i = n - 1
	}
	if i >= len(dc.Args) {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	a := dc.Args[i]
	switch m := b.must(a.Member); {
	case a.Target:
		return refCandidates(b.f, toComplete), cobra.ShellCompDirectiveNoFileComp
	case a.File:
		return nil, cobra.ShellCompDirectiveDefault
	case m.enum != nil:
		return FilterStrings(m.enum.Values, toComplete), cobra.ShellCompDirectiveNoFileComp
	default:
		return completeFrom(b.f, c, a.Suggest, a.Complete, toComplete)
	}
}

// addFlags declares the row's flags. pflag holds each value as text; a
// flag not given leaves its member out.
func (b *declaredCmd) addFlags() {
	c, dc := b.c, b.dc
	b.flagVals = make([]*string, len(dc.Flags))
	for i, fl := range dc.Flags {
		help := fl.Help
		if help == "" {
			help = flagHelp[fl.Member]
		}
		if fl.Member == "" {
			switch fl.Kind {
			case "bool":
				c.Flags().BoolP(fl.Name, fl.Short, fl.Default == "true", help)
			case "duration":
				def, err := time.ParseDuration(cmp.Or(fl.Default, "0s"))
				if err != nil {
					panic(fmt.Sprintf("%s --%s: default %q: %v", dc.Path, fl.Name, fl.Default, err))
				}
				c.Flags().DurationP(fl.Name, fl.Short, def, help)
			default:
				c.Flags().StringP(fl.Name, fl.Short, fl.Default, help)
			}
			continue
		}
		m := b.must(fl.Member)
		kind := m.typ
		if kind.Kind() == reflect.Pointer {
			kind = kind.Elem()
		}
		switch {
		case fl.Text:
			b.flagVals[i] = new(string)
			c.Flags().StringVarP(b.flagVals[i], fl.Name, fl.Short, fl.Default, help)
		case kind.Kind() == reflect.Slice:
			c.Flags().StringSliceP(fl.Name, fl.Short, nil, help)
		case fl.Value != "":
			c.Flags().BoolP(fl.Name, fl.Short, false, help)
		case kind.Kind() == reflect.Bool:
			c.Flags().BoolP(fl.Name, fl.Short, fl.Default == "true", help)
		case kind.Kind() == reflect.Int:
			def, _ := strconv.Atoi(fl.Default)
			c.Flags().IntP(fl.Name, fl.Short, def, help)
		case kind.Kind() == reflect.Float64:
			def, _ := strconv.ParseFloat(fl.Default, 64)
			c.Flags().Float64P(fl.Name, fl.Short, def, help)
		default:
			b.flagVals[i] = new(string)
			c.Flags().StringVarP(b.flagVals[i], fl.Name, fl.Short, fl.Default, help)
		}
		switch {
		case m.enum != nil:
			_ = c.RegisterFlagCompletionFunc(fl.Name, cobra.FixedCompletions(m.enum.Values, cobra.ShellCompDirectiveNoFileComp))
		case fl.Suggest != nil || fl.Complete != "":
			_ = c.RegisterFlagCompletionFunc(fl.Name, func(c *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return completeFrom(b.f, c, fl.Suggest, fl.Complete, toComplete)
			})
		}
	}
}

// given is a flag's value when it was given and is not empty.
func (b *declaredCmd) given(name string) string {
	if fl := b.c.Flags().Lookup(name); fl != nil && fl.Changed {
		return fl.Value.String()
	}
	return ""
}

// build turns one command line into its call: the params filled from the
// session, --tab, the row's Set, the arguments and the flags, checked,
// timed, prepared; then the printer and the hook are set on the call.
func (b *declaredCmd) build(args []string) (*PageCall, error) {
	if *b.instead {
		return insteadCall(b.f, *b.d, b.tab)
	}
	if err := checkFlagSet(b.dc, b.given); err != nil {
		return nil, err
	}
	v, err := b.newParams()
	if err != nil {
		return nil, err
	}
	pc := &PageCall{Method: b.d.Method.Wire}
	named := map[string]string{} // argument values by name, for Done
	if err := b.fillArgs(pc, v, args, named); err != nil {
		return nil, err
	}
	if err := b.fillFlags(v, named); err != nil {
		return nil, err
	}
	if err := runCheck(b.dc, v, named); err != nil {
		return nil, err
	}
	if *b.following {
		named["--follow"] = "true"
	}
	b.setTimeouts(pc, v)
	if b.dc.MakesSession && b.tab == 0 {
		pc.NoSession = func(ctx context.Context, f *Factory, gone bool) (any, error) {
			id, err := openSession(ctx, f, gone)
			v.FieldByIndex(b.must("sessionId").index).SetString(id)
			return v.Interface(), err
		}
	}
	pc.Params = v.Interface()
	if err := prepare(b.f, b.dc, pc, args); err != nil {
		return nil, err
	}
	printer(b.f, pc, b.dc, named)
	if err := b.runHook(pc, named); err != nil {
		return nil, err
	}
	return pc, nil
}

// newParams is the params before the command line: the session, --tab and
// the row's fixed members.
func (b *declaredCmd) newParams() (reflect.Value, error) {
	v := reflect.New(b.pt).Elem()
	if s := SessionOf(b.f); s != "" {
		if m, ok := b.members["sessionId"]; ok {
			v.FieldByIndex(m.index).SetString(s)
		}
	}
	if b.hasTab {
		v.FieldByIndex(b.members["tabId"].index).SetInt(int64(b.tab))
	}
	for name, val := range b.dc.Set {
		if err := b.must(name).set(v, val, name); err != nil {
			return v, err
		}
	}
	return v, nil
}

// fillArgs reads the positional arguments into their members, and names
// them in named.
func (b *declaredCmd) fillArgs(pc *PageCall, v reflect.Value, args []string, named map[string]string) error {
	dc := b.dc
	for i, a := range dc.Args {
		if i >= len(args) {
			break
		}
		vals := args[i : i+1]
		if a.Rest {
			vals = args[i:]
		}
		named[a.Name] = args[i]
		if a.Member == "" {
			continue // read by the Prepare step or the Hook
		}
		m := b.must(a.Member)
		if a.Rest && m.typ.Kind() == reflect.String {
			vals = []string{strings.Join(vals, " ")} // the words as one text
		}
		for _, s := range vals {
			if a.NotEmpty {
				if s = strings.TrimSpace(s); s == "" {
					return UsageErrorf("%s needs %s, got an empty one", dc.Path, needsOf(dc))
				}
			}
			if a.TabOrURL {
				if err := tabOrURL(b.f, pc, v, m, s); err != nil {
					return err
				}
				continue
			}
			if err := fillArg(v, a, m, b.members, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// fillFlags reads the flags given (and those with a default) into their
// members; a flag of no member is only named, for the Prepare step or the
// Hook.
func (b *declaredCmd) fillFlags(v reflect.Value, named map[string]string) error {
	c := b.c
	for i, fl := range b.dc.Flags {
		if fl.Member == "" {
			if c.Flags().Changed(fl.Name) || fl.Default != "" {
				named["--"+fl.Name] = c.Flags().Lookup(fl.Name).Value.String()
			}
			continue
		}
		if !c.Flags().Changed(fl.Name) && fl.Default == "" {
			continue
		}
		s := c.Flags().Lookup(fl.Name).Value.String()
		if b.flagVals[i] != nil {
			s = *b.flagVals[i]
		}
		m := b.must(fl.Member)
		if m.typ.Kind() == reflect.Slice {
			list, _ := c.Flags().GetStringSlice(fl.Name)
			for _, item := range list {
				if err := m.set(v, item, "--"+fl.Name); err != nil {
					return err
				}
			}
			continue
		}
		if fl.Value != "" {
			if s != "true" {
				continue
			}
			s = fl.Value
		}
		if fl.Default != "" && s == fl.Default {
			continue
		}
		s, err := parsed(fl.Parse, s)
		if err != nil {
			return err
		}
		if err := fillFlag(v, fl, m, s); err != nil {
			return err
		}
	}
	return nil
}

// setTimeouts sends --timeout to a method that waits in the page, and lets
// the hub wait a little longer than the page does.
func (b *declaredCmd) setTimeouts(pc *PageCall, v reflect.Value) {
	if b.dc.Waits {
		ms := int(b.f.Globals.Timeout / time.Millisecond)
		v.FieldByIndex(b.must("timeoutMs").index).SetInt(int64(ms))
	}
	if b.dc.Waits || b.dc.Slack {
		pc.MinTimeout = b.f.Globals.Timeout + WaitSlack
	}
}

// runHook runs the row's hook, which may change the call before it goes.
func (b *declaredCmd) runHook(pc *PageCall, named map[string]string) error {
	if b.dc.Hook == (rpc.HookKey{}) {
		return nil
	}
	hook, ok := Hooks[b.dc.Hook]
	if !ok {
		panic(b.dc.Path + ": no hook " + b.dc.Hook.String())
	}
	return hook(b.c.Context(), b.f, pc, named)
}

// completeFrom completes a value from suggestions or a named completer.
func completeFrom(f *Factory, c *cobra.Command, suggest []string, name, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch name {
	case "":
		return FilterStrings(suggest, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "refs":
		return refCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "tabs", "user-tabs":
		return completeTabIDs(f, name == "user-tabs")(c, nil, toComplete)
	case "sessions":
		return sessionCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "browsers":
		return browserCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	case "default":
		return nil, cobra.ShellCompDirectiveDefault // the shell's own: file names
	}
	panic("no completer " + name)
}

// checkFlagSet checks which flags go together: exactly one of OneOf,
// each of With only with its partner.
func checkFlagSet(dc rpc.Command, given func(string) string) error {
	if len(dc.OneOf) > 0 {
		n := 0
		names := make([]string, len(dc.OneOf))
		for i, name := range dc.OneOf {
			names[i] = "--" + name
			if given(name) != "" {
				n++
			}
		}
		if n != 1 {
			return UsageErrorf("%s needs exactly one of %s or %s", dc.Path, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
		}
	}
	for flag, with := range dc.With {
		if given(flag) != "" && given(with) == "" {
			return UsageErrorf("--%s goes with --%s", flag, with)
		}
	}
	return nil
}

// declaredArgs checks the number of arguments: a usage error naming what
// the command needs.
func declaredArgs(dc rpc.Command, min, max int) cobra.PositionalArgs {
	if len(dc.Args) == 0 {
		return NoArgs
	}
	needs := needsOf(dc)
	if max < 0 {
		return MinArgs(min, needs)
	}
	return RangeArgs(min, max, needs)
}

// needsOf says what dc's arguments are, for a usage error.
func needsOf(dc rpc.Command) string {
	if dc.Needs != "" {
		return dc.Needs
	}
	if len(dc.Args) == 1 && dc.Args[0].Target {
		return "a REF from the last snapshot or a CSS selector"
	}
	var names []string
	for _, a := range dc.Args {
		names = append(names, "a "+a.Name)
	}
	return strings.Join(names, " and ")
}
