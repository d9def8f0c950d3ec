package cmdutil

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"browserctl/completions"
	"browserctl/internal/termsafe"
)

type completeFunc = func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective)

func toCobra(cands []completions.Candidate, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range completions.Filter(cands, prefix) {
		// a description may be a page's title or an element's name: no
		// control characters, and no newline or tab (one candidate a line)
		desc := strings.Join(strings.Fields(termsafe.String(c.Description)), " ")
		out = append(out, cobra.CompletionWithDesc(c.Value, desc))
	}
	return out
}

// CompleteRefs completes the ref argument at position pos (0-based) from
// the last snapshot; other positions get nothing.
func CompleteRefs(f *Factory, pos int) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != pos {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return refCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func refCandidates(f *Factory, prefix string) []cobra.Completion {
	dir, err := f.StateDir()
	if err != nil {
		return nil
	}
	return toCobra(completions.Refs(dir, SessionOf(f)), prefix)
}

// completeTabIDs completes the first argument with the session's tab ids
// (or, with user, every tab of the user's windows).
func completeTabIDs(f *Factory, user bool) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		h, err := f.ExistingHub()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(context.Background(), completions.Timeout)
		defer cancel()
		cands, err := completions.TabIDs(ctx, h, SessionOf(f), user)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return toCobra(cands, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// CompleteSessionIDs completes the first argument with session ids.
func CompleteSessionIDs(f *Factory) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) != 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return sessionCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSessionFlag completes the --session value.
func completeSessionFlag(f *Factory) completeFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return sessionCandidates(f, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

func sessionCandidates(f *Factory, prefix string) []cobra.Completion {
	h, err := f.ExistingHub()
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), completions.Timeout)
	defer cancel()
	cands, err := completions.SessionIDs(ctx, h)
	if err != nil {
		return nil
	}
	return toCobra(cands, prefix)
}

// CompleteBrowsers completes a --browser value: the connected browsers'
// names, described by id.
func CompleteBrowsers(f *Factory, prefix string) []cobra.Completion {
	return browserCandidates(f, prefix)
}

// browserCandidates are the connected browsers' names, described by id.
func browserCandidates(f *Factory, prefix string) []cobra.Completion {
	h, err := f.ExistingHub()
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), completions.Timeout)
	defer cancel()
	st, err := h.Status(ctx)
	if err != nil {
		return nil
	}
	var cands []completions.Candidate
	for _, b := range st.Browsers {
		cands = append(cands, completions.Candidate{Value: b.Name, Description: b.ID})
	}
	return toCobra(cands, prefix)
}

func FilterStrings(list []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, v := range list {
		if len(prefix) <= len(v) && v[:len(prefix)] == prefix {
			out = append(out, v)
		}
	}
	return out
}
