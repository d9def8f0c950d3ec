// The name of the CDP binding the action recorder sends its steps through:
// a function in the extension's isolated world of each recorded tab
// (Runtime.addBinding), shared by the in-page recorder and the extension.

export const ACTIONS_BINDING = "__browserctlActions";
