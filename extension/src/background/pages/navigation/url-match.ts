// Pure: `wait --url PATTERN` matching, and the scheme a bare URL gets.

/**
 * A glob over a whole URL: `**` any characters, `*` any but "/", `{a,b}`
 * either; everything else, "?" included (URLs are full of them), is itself.
 */
export function globToRegExp(glob: string): RegExp {
  let re = "^";
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        re += ".*";
        while (glob[i + 1] === "*") i++;
      } else {
        re += "[^/]*";
      }
    } else if (c === "{") {
      depth++;
      re += "(?:";
    } else if (c === "}" && depth > 0) {
      depth--;
      re += ")";
    } else if (c === "," && depth > 0) {
      re += "|";
    } else {
      re += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    }
  }
  while (depth-- > 0) re += ")";
  return new RegExp(re + "$");
}

/** The URL contains the pattern, or matches it as a glob. */
export function urlMatches(url: string, pattern: string): boolean {
  if (url.includes(pattern)) return true;
  if (!/[*{]/.test(pattern)) return false;
  try {
    return globToRegExp(pattern).test(url);
  } catch {
    return false;
  }
}

const KEEP_SCHEMES = /^(about|data|file|javascript|blob|chrome|chrome-extension|view-source|mailto):/i;

/** "example.com/x" -> "https://example.com/x"; a URL with a scheme stays. */
export function withScheme(raw: string): string {
  const u = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u) || KEEP_SCHEMES.test(u)) return u;
  return "https://" + u;
}
