package rpc

// Input: pointer, keyboard and form actions on an element or the page.
// Pointer actions are hit-tested before the press unless `force` is set
// (docs/protocol.md "Pointer actions").

// Wire names of the input methods.
const (
	PageClick          = "pages.click"
	PageHover          = "pages.hover"
	PageFill           = "pages.fill"
	PageType           = "pages.type"
	PageSelect         = "pages.select"
	PageScrollIntoView = "pages.scrollIntoView"
	PagePress          = "pages.press"
	PageScroll         = "pages.scroll"
	PageMouse          = "pages.mouse"
	PageCheck          = "pages.check"
	PageFocus          = "pages.focus"
	PageDrag           = "pages.drag"
	PageKeyboardType   = "pages.keyboardType"
)

// checkHelp is the long help of check and uncheck after their first line.
const checkHelp = ` It is clicked as a user would click it; a hidden input behind a
styled label is clicked through the page. A radio button cannot be
unchecked: check another of its group.

{target} For check and uncheck a selector falls back
to its first match when none is visible.

{force}`

// inputMethods are the input rows of Methods.
var inputMethods = []Method{
	{Wire: PageClick, Session: SessionRequired, Params: ClickParams{}, Result: ClickResult{},
		Summary: "click an element by ref", ResultDoc: "`download` and `fileChooser` only when the click set one off (below)",
		Commands: []Command{{
			Path: "click", Args: []Arg{TargetArg},
			Flags: []Flag{{Name: "button", Member: "button", Help: "left, right or middle (default left)"},
				{Name: "count", Member: "clickCount", Help: "click count (2 for a double click)"}, ForceFlag},
			Short:   "Click an element by ref or CSS selector",
			Long:    "Click an element.\n\n{target}\n\n{force}",
			Example: "  browserctl click e3\n  browserctl click '#submit'\n  browserctl click e3 --button right\n  browserctl click e3 --count 2",
			Printer: PrintClick, Replay: Replayed + Target0, // reports a chooser or download the click set off
		}, {
			Path: "dblclick", Args: []Arg{TargetArg}, Flags: []Flag{ForceFlag}, Set: map[string]string{"clickCount": "2"},
			Short:   "Double-click an element by ref or CSS selector",
			Long:    "Double-click an element: two clicks, then the page's dblclick.\n\n{target}\n\n{force}",
			Example: "  browserctl dblclick e3\n  browserctl dblclick '.cell[data-row=\"2\"]'",
			Done:    "double-clicked {acted REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PageHover, Session: SessionRequired, Params: HoverParams{}, Result: PointerResult{},
		Tool: &Tool{Name: "browser_hover", Title: "Hover",
			Description: "Move the mouse over an element by its ref.", Effect: ReadOnly,
			Element: true, Hide: []string{"force"}, Done: "Hovered over {element}", Page: true},
		Summary: "hover an element by ref",
		Commands: []Command{{
			Path: "hover", Args: []Arg{TargetArg}, Flags: []Flag{ForceFlag},
			Short:   "Move the mouse over an element by ref or CSS selector",
			Example: "  browserctl hover e5\n  browserctl hover nav.menu",
			Done:    "hovered {acted REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PageFill, Session: SessionRequired, Params: FillParams{}, Result: FieldResult{},
		Summary: "replace an input's value by ref",
		Commands: []Command{{
			Path: "fill", Args: []Arg{TargetArg, {Name: "TEXT", Member: "value"}}, Needs: "a REF and a TEXT",
			Short: "Replace an input's value by ref or CSS selector",
			Long: "Replace the value of a text field, a textarea or an editable element, as\n" +
				"a paste would: the page hears an input event (and a field a change event).\n" +
				"Date, time, number, slider (range) and colour inputs take a value in their\n" +
				"own form (2024-12-31, 09:30, 42, a number in the slider's range and step,\n" +
				"#1e90ff); one the browser would change or empty is refused, and the field\n" +
				"keeps its value. A field the page sets back fails.\n\n{target}",
			Example: "  browserctl fill e4 'hello world'\n  browserctl fill 'input[name=q]' hello\n  browserctl fill '#volume' 8",
			Done:    "filled {REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PageType, Session: SessionRequired, Params: TypeParams{}, Result: FieldResult{},
		Summary: "type text into an element by ref",
		Commands: []Command{{
			Path: "type", Args: []Arg{TargetArg, {Name: "TEXT", Member: "text"}}, Needs: "a REF and a TEXT",
			Short:   "Type text into an element by ref or CSS selector, key by key",
			Long:    "Focus an element, then type text into it key by key.\n\n{target}",
			Example: "  browserctl type e4 'search terms'",
			Done:    "typed into {REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PageSelect, Session: SessionRequired, Params: SelectParams{}, Result: SelectResult{},
		Tool: &Tool{Name: "browser_select_option", Title: "Select option",
			Description: "Select one or more options of a select element by its ref.",
			Element:     true, Describe: map[string]string{"values": "the options to select, by value or label"},
			Done: "Selected {values:q} in {element}", Page: true},
		Summary: "select options of a <select> by ref", ResultDoc: "the values now selected",
		Commands: []Command{{
			Path: "select", Args: []Arg{TargetArg, {Name: "VALUE", Member: "values", Rest: true}}, Needs: "a REF and at least one VALUE",
			Short:   "Select options of a <select> by ref or CSS selector (each VALUE an option's value, else its label)",
			Long:    "Select options of a <select>: each VALUE is an option's value, else its label.\n\n{target}",
			Example: "  browserctl select e7 red\n  browserctl select e8 red green",
			Printer: PrintSelect, Replay: Replayed + Target0,
		}}},
	{Wire: PageScrollIntoView, Session: SessionRequired, Params: RefParams{}, Result: OKResult{},
		Summary: "scroll an element into view by ref",
		Commands: []Command{{
			Path: "scroll-into-view", Args: []Arg{TargetArg},
			Short:   "Scroll an element into view by ref or CSS selector",
			Example: "  browserctl scroll-into-view e40\n  browserctl scroll-into-view footer",
			Done:    "scrolled to {REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PagePress, Session: SessionRequired, Params: PressParams{}, Result: PressResult{},
		Tool: &Tool{Name: "browser_press_key", Title: "Press a key",
			Description: "Press a key (or a chord such as Control+a) in the page, as a user would on the keyboard; or type text key by key.",
			Optional:    []string{"key"}, Answer: AnswerPress,
			Done: "Pressed {key}", Page: true},
		Summary: "press a key", ResultDoc: "`navigation`, `popup`, `download` and `fileChooser` only when the key set one off (Enter in a form, on a link)",
		Commands: []Command{{
			Path: "press", Needs: "a KEY such as Enter or Control+a",
			Args: []Arg{{Name: "KEY", Member: "key", Suggest: []string{"Enter", "Tab", "Escape", "Backspace", "Delete", "ArrowUp", "ArrowDown",
				"ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Space", "Control+a", "Shift+Tab"}}},
			Short:   "Press a key, with optional modifiers",
			Example: "  browserctl press Enter\n  browserctl press Control+a\n  browserctl press Shift+Tab",
			Printer: PrintPress, Replay: Replayed, // says a navigation, tab, download or chooser it set off
		}}},
	{Wire: PageScroll, Session: SessionRequired, Params: ScrollParams{}, Result: ScrollResult{},
		Tool: &Tool{Name: "browser_scroll", Title: "Scroll",
			Description: "Scroll the page by amount CSS pixels, or an element into view (focus: and focus it).", Effect: ReadOnly,
			Optional: []string{"direction"}, Answer: AnswerScroll,
			Done: "Scrolled {direction}; {.scroller|the page} is at x={.scrollX}, y={.scrollY}", Page: true},
		Summary: "scroll in a direction", ResultDoc: "the new scroll position",
		Commands: []Command{{
			Path: "scroll", Args: []Arg{{Name: "DIRECTION", Member: "direction", Invalid: "direction must be %[2]s, got %[1]q"},
				{Name: "PX", Member: "amount", Optional: true, Invalid: "pixels must be a whole number >= 0, got %[1]q"}},
			Needs: "a direction (up, down, left, right) and optional pixels", // ScrollDirection's values (a test checks)
			Short: "Scroll the page (default 500 CSS pixels); prints the new scroll position",
			Example: `  browserctl scroll down
  browserctl scroll up 200`,
			Printer: PrintScroll, Replay: Replayed,
		}}},
	{Wire: PageMouse, Session: SessionRequired, Params: MouseParams{}, Result: OKResult{},
		Tool: &Tool{Name: "browser_mouse", Title: "Mouse event",
			Description: "A mouse event at viewport coordinates (CSS pixels), as mouse does: move, down, up, click, or wheel (deltaX, deltaY).",
			Done:        "Mouse {action} at {x}, {y}", Page: true},
		Summary: "mouse event at coordinates",
		Commands: []Command{{
			Path: "mouse", Needs: "an ACTION (move, down, up, click, wheel), X and Y",
			Args: []Arg{{Name: "ACTION", Member: "action", Invalid: "action must be %[2]s, got %[1]q"},
				{Name: "X", Member: "x"}, {Name: "Y", Member: "y"}},
			Flags: []Flag{{Name: "button", Member: "button", Help: "left, right or middle (default left)"},
				{Name: "dx", Member: "deltaX", Help: "horizontal wheel delta"},
				{Name: "dy", Member: "deltaY", Help: "vertical wheel delta"}},
			Short: "Send a mouse event at viewport coordinates (CSS pixels)",
			Example: `  browserctl mouse click 120 300
  browserctl mouse wheel 400 300 --dy 600`,
			Done: "mouse {ACTION}", Replay: Replayed,
		}}},
	{Wire: PageCheck, Session: SessionRequired, Params: CheckParams{}, Result: CheckResult{},
		Summary: "check or uncheck a checkbox, radio or switch", ResultDoc: "the state now",
		Commands: []Command{{
			Path: "check", Args: []Arg{TargetArg}, Flags: []Flag{ForceFlag}, Set: map[string]string{"checked": "true"},
			Short:   "Check a checkbox, radio or switch (nothing happens when it already is)",
			Long:    "Check a checkbox, radio or switch (nothing happens when it already is)." + checkHelp,
			Example: "  browserctl check e7\n  browserctl check '#terms'\n  browserctl check 'input[name=size][value=m]'",
			Printer: PrintCheck, Replay: Replayed + Target0,
		}, {
			Path: "uncheck", Args: []Arg{TargetArg}, Flags: []Flag{ForceFlag}, Set: map[string]string{"checked": "false"},
			Short:   "Uncheck a checkbox or switch (nothing happens when it already is)",
			Long:    "Uncheck a checkbox or switch (nothing happens when it already is)." + checkHelp,
			Example: "  browserctl uncheck e7\n  browserctl uncheck '#newsletter'",
			Printer: PrintCheck, Replay: Replayed + Target0,
		}}},
	{Wire: PageFocus, Session: SessionRequired, Params: RefParams{}, Result: OKResult{},
		Summary: "focus an element", ResultDoc: "4110 when it cannot take focus",
		Commands: []Command{{
			Path: "focus", Args: []Arg{TargetArg},
			Short:   "Focus an element by ref or CSS selector",
			Example: "  browserctl focus e4\n  browserctl focus 'input[type=search]'",
			Done:    "focused {REF}", Replay: Replayed + Target0,
		}}},
	{Wire: PageDrag, Session: SessionRequired, Params: DragParams{}, Result: PointerResult{},
		Tool: &Tool{Name: "browser_drag", Title: "Drag and drop",
			Description: "Drag an element onto another.",
			Describe:    map[string]string{"ref": "source ref", "toRef": "destination ref"},
			Done:        "Dragged {ref}{selector} to {toRef}{toSelector}", Page: true},
		Summary: "drag one element onto another",
		Commands: []Command{{
			Path: "drag", Args: []Arg{{Name: "SRC", Member: "ref", Target: true}, {Name: "DST", Member: "toRef", Target: true}},
			Needs: "a source and a destination, each a REF or a CSS selector", Flags: []Flag{ForceFlag},
			Short: "Drag one element onto another (each a ref or CSS selector)",
			Long: `Press the mouse on SRC, move it to DST in steps and release it there.
Pages that drag by mouse events see them all; an HTML5 drag (draggable=true)
gets its dragenter, dragover and drop on DST. Both ends are hit-tested.

{target}

{force}`,
			Example: "  browserctl drag e3 e9\n  browserctl drag '#card-1' '#column-done'",
			Done:    "dragged {acted SRC} to {acted:to DST}", Replay: Replayed + Target0 + Target1,
		}}},
	{Wire: PageKeyboardType, Session: SessionRequired, Params: KeyboardTypeParams{}, Result: OKResult{},
		Summary: "type text into whatever has focus", ResultDoc: "one key stroke per character",
		Commands: []Command{{
			Path: "keyboard type", Args: []Arg{{Name: "TEXT", Member: "text"}}, Needs: "the TEXT to type",
			Short: "Type text key by key into whatever has focus (a field you cannot ref)",
			Long: "Type TEXT one key stroke per character into the element that has focus, as a\n" +
				"person would: the page hears every keydown, input and keyup.\n\n" +
				"Text is refused, before any key goes, when focus is on nothing that takes text\n" +
				"(the page itself, a button, a checkbox): focus a field first. A text field that\n" +
				"took none of the keys (full, letters in a number field) fails. Enter or Tab\n" +
				"alone go to whatever has focus; use 'press' for other keys.",
			Example: `  browserctl keyboard type 'hello world'
  browserctl click e4 && browserctl keyboard type 42`,
			Done: "typed", Replay: Replayed,
		}}},
}

// ClickParams are the params of pages.click.
type ClickParams struct {
	PageParams
	Ref        string `json:"ref,omitempty" doc:"or selector"`
	Selector   string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Button     string `json:"button,omitempty" enum:"MouseButton" default:"\"left\""`
	ClickCount int    `json:"clickCount,omitempty" default:"1"`
	Force      bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// ClickResult is the result of pages.click: {"ok":true}, the element
// pressed, and what the click set off.
type ClickResult struct {
	OK     bool     `json:"ok" ts:"true"`
	Target *ActedOn `json:"target,omitempty" doc:"the element pressed"`
	Aftermath
}

// PressResult is the result of pages.press: {"ok":true}, and what the key
// set off (Enter in a form's field submits it, Enter on a link follows it).
type PressResult struct {
	OK bool `json:"ok" ts:"true"`
	Aftermath
}

// Aftermath is what a click or a key press set off, each member only when
// it did: the navigation it started (with the document's HTTP status), a
// tab it opened, a download it started, a file chooser it opened.
type Aftermath struct {
	Navigation  *Navigation  `json:"navigation,omitempty" doc:"the main-frame navigation it started"`
	Popup       *Popup       `json:"popup,omitempty" doc:"a tab it opened"`
	Download    *Download    `json:"download,omitempty"`
	FileChooser *FileChooser `json:"fileChooser,omitempty"`
}

// FileChooser is the file chooser a click opened.
type FileChooser struct {
	Mode string `json:"mode" doc:"selectSingle or selectMultiple"`
}

// HoverParams are the params of pages.hover.
type HoverParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, role=, text=, frame=FRAME >> TARGET, instead of ref"`
	Force    bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// ActedOn names the element a pointer action pressed.
type ActedOn struct {
	Ref  string `json:"ref,omitempty" doc:"when the target was a ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

// PointerResult is the result of pages.hover and pages.drag.
type PointerResult struct {
	OK     bool     `json:"ok" ts:"true"`
	Target *ActedOn `json:"target,omitempty" doc:"the element pressed (drag: the source)"`
	To     *ActedOn `json:"to,omitempty" doc:"drag: the destination"`
}

// Navigation is the main-frame navigation a click started.
type Navigation struct {
	URL    string `json:"url"`
	Status int    `json:"status,omitempty" doc:"the HTTP status its document came with (200, 404); absent when none came over HTTP"`
}

// Popup is a tab a click opened (window.open, a target=_blank link).
type Popup struct {
	TabID int `json:"tabId"`
}

// FillParams are the params of pages.fill.
type FillParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Value    string `json:"value"`
}

// TypeParams are the params of pages.type.
type TypeParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Text     string `json:"text"`
}

// SelectParams are the params of pages.select.
type SelectParams struct {
	PageParams
	Ref      string   `json:"ref,omitempty" doc:"or selector"`
	Selector string   `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Values   []string `json:"values" doc:"non-empty; each matches an option's value, else its label"`
}

// SelectResult is the result of pages.select.
type SelectResult struct {
	Selected []string `json:"selected"`
	Target   *ActedOn `json:"target,omitempty" doc:"the select, by role and name"`
}

// FieldResult is the result of pages.fill and pages.type: {"ok":true} and
// the field that took the text, by role and name (never the text).
type FieldResult struct {
	OK     bool     `json:"ok" ts:"true"`
	Target *ActedOn `json:"target,omitempty" doc:"the field, by role and name"`
}

// PressParams are the params of pages.press.
type PressParams struct {
	PageParams
	Key string `json:"key" doc:"a key name with optional modifiers: Enter, a, Control+a, Shift+Tab, Meta+ArrowLeft"`
}

// ScrollParams are the params of pages.scroll.
type ScrollParams struct {
	PageParams
	Direction string `json:"direction" enum:"ScrollDirection"`
	Amount    int    `json:"amount,omitempty" min:"0" default:"500" doc:"CSS px"`
}

// ScrollResult is the result of pages.scroll.
type ScrollResult struct {
	ScrollX float64 `json:"scrollX"`
	ScrollY float64 `json:"scrollY"`
	// Scroller: the window held still and a pane of the page scrolled.
	Scroller string `json:"scroller,omitempty" doc:"when the window cannot scroll that way: the pane under the viewport's centre that scrolled (a CSS name such as div#main), whose position scrollX and scrollY are"`
}

// MouseParams are the params of pages.mouse.
type MouseParams struct {
	PageParams
	Action string  `json:"action" enum:"MouseAction"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Button string  `json:"button,omitempty" enum:"MouseButton" default:"\"left\""`
	DeltaX float64 `json:"deltaX,omitempty" doc:"wheel"`
	DeltaY float64 `json:"deltaY,omitempty" doc:"wheel"`
}

// CheckParams are the params of pages.check.
type CheckParams struct {
	PageParams
	Ref      string `json:"ref,omitempty" doc:"or selector"`
	Selector string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	Checked  *bool  `json:"checked,omitempty" default:"true"`
	Force    bool   `json:"force,omitempty" default:"false" doc:"skip the hit-test and the stability wait"`
}

// CheckResult is the result of pages.check.
type CheckResult struct {
	Checked bool     `json:"checked" doc:"the state now"`
	Target  *ActedOn `json:"target,omitempty" doc:"the element clicked, when it was clicked"`
}

// DragParams are the params of pages.drag: the source and the destination.
type DragParams struct {
	PageParams
	Ref        string `json:"ref,omitempty" doc:"the source, or selector"`
	Selector   string `json:"selector,omitempty" doc:"CSS, instead of ref"`
	ToRef      string `json:"toRef,omitempty" doc:"the destination, or toSelector"`
	ToSelector string `json:"toSelector,omitempty" doc:"CSS, instead of toRef"`
	Force      bool   `json:"force,omitempty" default:"false" doc:"skip the hit-tests and the stability waits"`
}

// KeyboardTypeParams are the params of pages.keyboardType.
type KeyboardTypeParams struct {
	PageParams
	Text string `json:"text"`
}
