// Package recorder is what the REPL's `save` writes: the lines of a REPL
// session as a script that `browserctl batch -f FILE` replays on a fresh
// load of the same pages.
//
// What a command's lines become is declared on the command where it is
// built; the recorder is handed each line's declaration (Config.Decl) and
// reads nothing else:
//   - a replayed line is written as it ran, with each ref in a target
//     argument replaced by a target that survives a reload, asked of the
//     page before the line ran (pages.durableTarget): role=ROLE[name="NAME"]
//     when that role and name are unique on the page, else a CSS selector;
//     file arguments as absolute paths; a tab id as the tab's URL;
//   - after a replayed line that left its tab on a document not seen
//     before (a link, a form submit), a wait for the new page to load,
//     unless the command waits itself;
//   - a line that is not replayed is a comment saying why, and so is a
//     line that failed (batch would stop there), and a line whose command
//     declares nothing.
package recorder

// Decl is what a command declares of its lines: replayed, or kept as a
// comment saying why not, and how a replayed line is written.
type Decl struct {
	Declared bool
	Replay   bool
	Why      string // when not replayed
	Targets  []int  // the positional arguments that are element targets: a ref there becomes a durable target
	Waits    bool   // it waits for its own load: no wait is written after it
	Opens    bool   // it opens the page it acts on: a script starting with it opens no page first
	Files    bool   // positional arguments naming existing files are written as absolute paths
	Tab      bool   // the first positional argument is a tab id, written as the tab's URL
}
