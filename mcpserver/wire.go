package mcpserver

// Wire methods added by wave 2 (navigation, waits, dialogs, check) that the
// tools call by name.
const (
	wireNavigate = "pages.navigate"
	wireBack     = "pages.back"
	wireWaitFor  = "pages.waitFor"
	wireDialog   = "pages.dialog"
	wireCheck    = "pages.check"
)
