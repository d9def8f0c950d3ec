// Package cmdutil is what browserctl's commands share: the Factory that
// wires the hub client, token and state folder; the page call runner
// (PageCall); output (CallHub, Render, PrintJSON, Done, tables); global
// flags, timeouts, exit codes and error reports; argument checks, replay
// declarations and completions; and the builder that turns each command
// declared on its method's row (rpc.Command) into a cobra command, with the
// tables the commands of cmd/ register into from init(): Printers, Checks,
// Hooks and Preparers. It never imports cmd.
package cmdutil
