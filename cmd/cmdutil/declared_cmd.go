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

// NewDeclaredCmd builds d's command.
func NewDeclaredCmd(f *Factory, runF func(*PageCall) error, d *Declared) *cobra.Command {
	dc := *d.Cmd
	pt := reflect.TypeOf(d.Method.Params)
	members := membersOf(pt)
	must := func(name string) member {
		if name == "" {
			return member{} // an argument for the Prepare step
		}
		m, ok := memberAt(pt, name)
		if !ok {
			panic(fmt.Sprintf("%s: %s has no member %q", dc.Path, pt, name))
		}
		return m
	}

	use := []string{d.Words[len(d.Words)-1]}
	hasTarget, hasForce, argTab := false, false, false
	min, max := 0, 0
	for _, a := range dc.Args {
		word := a.Name
		if a.Member != "" && must(a.Member).enum != nil {
			word = strings.Join(must(a.Member).enum.Values, "|")
		}
		switch {
		case a.Rest && a.Optional:
			word, max = "["+word+"...]", -1
		case a.Rest:
			word, max, min = word+"...", -1, min+1
		case a.Optional:
			word, max = "["+word+"]", max+1
		default:
			min, max = min+1, max+1
		}
		use = append(use, word)
		hasTarget = hasTarget || a.Target
		argTab = argTab || a.Member == "tabId"
	}
	if dc.Use != "" {
		use = append(use[:1], dc.Use)
	}
	for _, fl := range dc.Flags {
		hasForce = hasForce || fl.Member == "force"
	}
	long := dc.Long
	if long == "" && (hasTarget || hasForce) {
		long = dc.Short + "."
		if hasTarget {
			long += "\n\n{target}"
		}
		if hasForce {
			long += "\n\n{force}"
		}
	}
	if strings.Contains(long, "{") {
		long = strings.ReplaceAll(strings.ReplaceAll(long, "{target}", TargetHelp), "{force}", forceHelp)
	}

	if dc.Use != "" {
		use = []string{use[0], dc.Use}
	}
	c := &cobra.Command{
		Use:         strings.Join(use, " "),
		Aliases:     dc.Aliases,
		Short:       dc.Short,
		Long:        long,
		Example:     dc.Example,
		Args:        declaredArgs(dc, min, max),
		Annotations: replayAnnotation(dc.Replay),
	}
	c.ValidArgsFunction = func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := len(args)
		if n := len(dc.Args); n > 0 && i >= n && dc.Args[n-1].Rest {
			i = n - 1
		}
		if i >= len(dc.Args) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		a := dc.Args[i]
		switch m := must(a.Member); {
		case a.Target:
			return refCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
		case a.File:
			return nil, cobra.ShellCompDirectiveDefault
		case m.enum != nil:
			return FilterStrings(m.enum.Values, toComplete), cobra.ShellCompDirectiveNoFileComp
		default:
			return completeFrom(f, c, a.Suggest, a.Complete, toComplete)
		}
	}

	// Flags: pflag holds each value as text; a flag not given leaves its
	// member out.
	flagVals := make([]*string, len(dc.Flags))
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
		m := must(fl.Member)
		kind := m.typ
		if kind.Kind() == reflect.Pointer {
			kind = kind.Elem()
		}
		switch {
		case fl.Text:
			flagVals[i] = new(string)
			c.Flags().StringVarP(flagVals[i], fl.Name, fl.Short, fl.Default, help)
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
			flagVals[i] = new(string)
			c.Flags().StringVarP(flagVals[i], fl.Name, fl.Short, fl.Default, help)
		}
		switch {
		case m.enum != nil:
			_ = c.RegisterFlagCompletionFunc(fl.Name, cobra.FixedCompletions(m.enum.Values, cobra.ShellCompDirectiveNoFileComp))
		case fl.Suggest != nil || fl.Complete != "":
			_ = c.RegisterFlagCompletionFunc(fl.Name, func(c *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return completeFrom(f, c, fl.Suggest, fl.Complete, toComplete)
			})
		}
	}
	following := addFollowFlag(c, dc)
	var tab int
	_, hasTab := members["tabId"]
	if hasTab = hasTab && !argTab; hasTab {
		AddTabFlag(c, f, &tab)
	}
	// given is a flag's value when it was given and is not empty.
	given := func(name string) string {
		if fl := c.Flags().Lookup(name); fl != nil && fl.Changed {
			return fl.Value.String()
		}
		return ""
	}

	instead := insteadFlag(c, dc.Instead)

	build := func(args []string) (*PageCall, error) {
		if *instead {
			return insteadCall(f, *d, tab)
		}
		if err := checkFlagSet(dc, given); err != nil {
			return nil, err
		}
		v := reflect.New(pt).Elem()
		if s := SessionOf(f); s != "" {
			if m, ok := members["sessionId"]; ok {
				v.FieldByIndex(m.index).SetString(s)
			}
		}
		if hasTab {
			v.FieldByIndex(members["tabId"].index).SetInt(int64(tab))
		}
		for name, val := range dc.Set {
			if err := must(name).set(v, val, name); err != nil {
				return nil, err
			}
		}
		pc := &PageCall{Method: d.Method.Wire}
		named := map[string]string{} // argument values by name, for Done
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
			m := must(a.Member)
			if a.Rest && m.typ.Kind() == reflect.String {
				vals = []string{strings.Join(vals, " ")} // the words as one text
			}
			for _, s := range vals {
				if a.NotEmpty {
					if s = strings.TrimSpace(s); s == "" {
						return nil, UsageErrorf("%s needs %s, got an empty one", dc.Path, needsOf(dc))
					}
				}
				if a.TabOrURL {
					if err := tabOrURL(f, pc, v, m, s); err != nil {
						return nil, err
					}
					continue
				}
				if err := fillArg(v, a, m, members, s); err != nil {
					return nil, err
				}
			}
		}
		for i, fl := range dc.Flags {
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
			if flagVals[i] != nil {
				s = *flagVals[i]
			}
			m := must(fl.Member)
			if m.typ.Kind() == reflect.Slice {
				list, _ := c.Flags().GetStringSlice(fl.Name)
				for _, item := range list {
					if err := m.set(v, item, "--"+fl.Name); err != nil {
						return nil, err
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
				return nil, err
			}
			if err := fillFlag(v, fl, m, s); err != nil {
				return nil, err
			}
		}
		if err := runCheck(dc, v, named); err != nil {
			return nil, err
		}
		if *following {
			named["--follow"] = "true"
		}
		if dc.Waits {
			ms := int(f.Globals.Timeout / time.Millisecond)
			v.FieldByIndex(must("timeoutMs").index).SetInt(int64(ms))
		}
		if dc.Waits || dc.Slack {
			pc.MinTimeout = f.Globals.Timeout + WaitSlack
		}
		if dc.MakesSession && tab == 0 {
			pc.NoSession = func(ctx context.Context, f *Factory) (any, error) {
				id, err := openSession(ctx, f)
				v.FieldByIndex(must("sessionId").index).SetString(id)
				return v.Interface(), err
			}
		}
		pc.Params = v.Interface()
		if err := prepare(f, dc, pc, args); err != nil {
			return nil, err
		}
		printer(f, pc, dc, named)
		if dc.Hook != "" {
			hook, ok := Hooks[dc.Hook]
			if !ok {
				panic(dc.Path + ": no hook " + dc.Hook)
			}
			if err := hook(c.Context(), f, pc, named); err != nil {
				return nil, err
			}
		}
		return pc, nil
	}
	c.RunE = declaredRunE(f, runF, dc, build, members, following)
	return c
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
