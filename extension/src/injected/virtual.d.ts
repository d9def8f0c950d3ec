// The injected script as a string, made by scripts/injected.mjs at build time.
declare module "virtual:injected" {
  /** The bundled script: run once, it installs the in-page methods. */
  export const SOURCE: string;
  /** A hash of SOURCE: an installed script of another build is replaced. */
  export const VERSION: string;
}
