package cmdutil

// A declared command beyond parsing and one call: the check its
// declaration names (rpc.Command's Check), and following a long-poll
// method with --follow (rpc.Command's Follow).

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/spf13/cobra"

	"browserctl/rpc"
)

// Checks are the checks a declaration may name (rpc.Command's Check), each
// registered by the file of its commands: it gets a pointer to the filled
// params and the arguments by name (a flag without a member as "--name"),
// and answers a usage error for what it refuses.
var Checks = map[rpc.CheckKey]func(params any, args map[string]string) error{}

// runCheck runs dc's check, if it names one, on the filled params v.
func runCheck(dc rpc.Command, v reflect.Value, args map[string]string) error {
	if dc.Check == (rpc.CheckKey{}) {
		return nil
	}
	check, ok := Checks[dc.Check]
	if !ok {
		panic(fmt.Sprintf("%s: no check %s", dc.Path, dc.Check))
	}
	return check(v.Addr().Interface(), args)
}

// addFollowFlag adds --follow to a command whose declaration follows.
func addFollowFlag(c *cobra.Command, dc rpc.Command) *bool {
	following := new(bool)
	if dc.Follow != "" {
		c.Flags().BoolVarP(following, "follow", "f", false, dc.Follow)
	}
	return following
}

// declaredRunE runs a declared command: build parses, then the call is
// made (or handed to runF), with --follow again and again; an
// invalid-params answer is exit 2 when the declaration says so.
func declaredRunE(f *Factory, runF func(*PageCall) error, dc rpc.Command, build func([]string) (*PageCall, error), members map[string]member, following *bool) func(*cobra.Command, []string) error {
	run := PageRunE(f, runF, build)
	if dc.Follow != "" {
		run = func(c *cobra.Command, args []string) error {
			pc, err := build(args)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(pc)
			}
			return follow(c.Context(), f, pc, members, *following)
		}
	}
	if !dc.InvalidIsUsage {
		return run
	}
	return func(c *cobra.Command, args []string) error { return AsUsage(run(c, args)) }
}

// RunFollow is follow for a command written by hand: the members are
// those of pc's params.
func RunFollow(ctx context.Context, f *Factory, pc *PageCall, following bool) error {
	return follow(ctx, f, pc, membersOf(reflect.TypeOf(pc.Params)), following)
}

// ErrFollowEnd, from a Result, ends a follow without an error (the
// connection it followed closed).
var ErrFollowEnd = errors.New("the follow ended")

// FollowWait is how long one call of --follow waits for something new;
// the call's timeout leaves the hub room above it.
const (
	FollowWait    = 10 * time.Second
	followTimeout = FollowWait + 15*time.Second
)

// follow calls a long-poll method once, or with --follow (following) again
// and again with the cursor (after) of the last answer's next, clear and
// limit left out, until Ctrl-C (in the REPL, Ctrl-C ends the line and the
// REPL goes on). pc's Result prints each answer as it comes (it sees
// the result as the method answered it: its printer makes text safe).
// The hub forwards only request and response, so a follow is long polls:
// the method answers as soon as something newer is there, or empty after
// waitMs.
func follow(ctx context.Context, f *Factory, pc *PageCall, members map[string]member, following bool) error {
	h, err := f.Hub()
	if err != nil {
		return err
	}
	v := reflect.New(reflect.TypeOf(pc.Params)).Elem()
	v.Set(reflect.ValueOf(pc.Params))
	set := func(name string, x any) {
		m, ok := members[name]
		if !ok {
			return
		}
		fv := v.FieldByIndex(m.index)
		if fv.Kind() == reflect.Pointer {
			p := reflect.New(fv.Type().Elem())
			p.Elem().Set(reflect.ValueOf(x).Convert(fv.Type().Elem()))
			fv.Set(p)
			return
		}
		fv.Set(reflect.ValueOf(x).Convert(fv.Type()))
	}
	timeout := f.Globals.Timeout
	for {
		raw, err := h.Call(ctx, pc.Method, v.Interface(), timeout)
		if err != nil {
			if following && ctx.Err() != nil {
				return nil // Ctrl-C in the REPL ends the follow, not in error
			}
			return err
		}
		if err := pc.Result(raw); err != nil || !following {
			if errors.Is(err, ErrFollowEnd) {
				return nil
			}
			return err
		}
		var cursor struct {
			Next int64 `json:"next"`
		}
		if err := DecodeResult(pc.Method, raw, &cursor); err != nil {
			return err
		}
		set("after", cursor.Next)
		set("waitMs", int(FollowWait/time.Millisecond))
		set("clear", false)
		set("limit", 0)
		timeout, ctx = followTimeout, withoutBudget(ctx)
		if ctx.Err() != nil {
			return nil
		}
	}
}
