// An argument only the page can judge (a CSS property name the browser does
// not know): an in-page method throws badParam(message), and the call
// answers a marker the extension turns into -32602 "invalid params: message"
// (background/pages/core/injected.ts's valueOf).

/** The member a refusal's answer carries its message in. */
export const BAD_PARAM = "\u0000browserctl:bad-param";

class BadParam extends Error {}

export function badParam(message: string): Error {
  return new BadParam(message);
}

/** A refusal as the call answers it; anything else thrown again. */
export function refusal(e: unknown): { [BAD_PARAM]: string } {
  if (e instanceof BadParam) return { [BAD_PARAM]: e.message };
  throw e;
}
