package mcpserver

// Wire methods of issue 8 part A (navigation, waits, dialogs) that the tools
// call by name until rpc/ has their rows; the others come from rpc's
// constants (pages.check is rpc.PageCheck).
const (
	wireNavigate = "pages.navigate"
	wireBack     = "pages.back"
	wireWaitFor  = "pages.waitFor"
	wireDialog   = "pages.dialog"
)
