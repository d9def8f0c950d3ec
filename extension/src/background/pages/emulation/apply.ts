// A session's settings as CDP commands on one tab. Each unit owns the
// members that one CDP setter covers (user agent and locale share
// setUserAgentOverride's acceptLanguage; offline and throttle share
// emulateNetworkConditions) and sets them to the session's values or back to
// the browser's own.

import type { Emulation, EmulationName } from "../../protocol.gen";
import type { AttachSend } from "../core/debugger";
import { cdpMessage } from "../core/debugger";
import { setCredentialsWanted } from "./auth";
import { setHeadersWanted } from "./headers";
import { applyPermissions } from "./permissions";
import { noteUnapplied } from "./settings";

/**
 * Back to the window's own size. An override set by an attachment that is
 * gone (the worker restarted) leaves the page at the emulated size after
 * the detach, and a clear on the new attachment is a no-op there: setting
 * an empty override first makes the clear resize the page.
 */
async function clearViewport(send: AttachSend): Promise<void> {
  await send("Emulation.setDeviceMetricsOverride", { width: 0, height: 0, deviceScaleFactor: 0, mobile: false });
  await send("Emulation.clearDeviceMetricsOverride");
}

interface Unit {
  names: EmulationName[];
  apply(s: Emulation, send: AttachSend, tabId: number): Promise<unknown>;
}

const kbps = (k: number): number => (k > 0 ? (k * 1000) / 8 : -1); // kbit/s -> bytes/s; -1: unlimited

const UNITS: Unit[] = [
  {
    names: ["viewport"],
    apply: (s, send) =>
      s.viewport
        ? send("Emulation.setDeviceMetricsOverride", {
            width: s.viewport.width,
            height: s.viewport.height,
            deviceScaleFactor: s.viewport.deviceScaleFactor ?? 0,
            mobile: s.viewport.mobile ?? false,
            screenWidth: s.viewport.width,
            screenHeight: s.viewport.height,
          })
        : clearViewport(send),
  },
  {
    names: ["touch"],
    apply: (s, send) => send("Emulation.setTouchEmulationEnabled", s.touch ? { enabled: true, maxTouchPoints: 5 } : { enabled: false }),
  },
  {
    // An empty userAgent keeps the browser's; acceptLanguage is what
    // navigator.language and the Accept-Language header say.
    names: ["userAgent", "locale"],
    apply: async (s, send) => {
      await send("Emulation.setUserAgentOverride", { userAgent: s.userAgent ?? "", acceptLanguage: s.locale ?? "" });
      await send("Emulation.setLocaleOverride", s.locale ? { locale: s.locale } : {});
    },
  },
  {
    names: ["media"],
    apply: (s, send) =>
      send("Emulation.setEmulatedMedia", {
        media: s.media?.print ? "print" : "",
        features: [
          { name: "prefers-color-scheme", value: s.media?.colorScheme ?? "" },
          { name: "prefers-reduced-motion", value: s.media?.reducedMotion ?? "" },
        ],
      }),
  },
  {
    names: ["offline", "throttle"],
    apply: (s, send) =>
      send("Network.emulateNetworkConditions", {
        offline: s.offline ?? false,
        latency: s.throttle?.latencyMs ?? 0,
        downloadThroughput: s.throttle ? kbps(s.throttle.downloadKbps) : -1,
        uploadThroughput: s.throttle ? kbps(s.throttle.uploadKbps) : -1,
      }),
  },
  {
    names: ["geolocation"],
    apply: (s, send) =>
      s.geolocation
        ? send("Emulation.setGeolocationOverride", {
            latitude: s.geolocation.latitude,
            longitude: s.geolocation.longitude,
            accuracy: s.geolocation.accuracy ?? 10,
          })
        : send("Emulation.clearGeolocationOverride"),
  },
  {
    // geolocation grants its own permission: the page gets the position
    // without a prompt.
    names: ["permissions", "geolocation"],
    apply: (s, _send, tabId) => applyPermissions(tabId, s),
  },
  {
    names: ["timezone"],
    apply: (s, send) => send("Emulation.setTimezoneOverride", { timezoneId: s.timezone ?? "" }),
  },
  {
    // Only to their origin: through Fetch, not Network.setExtraHTTPHeaders.
    names: ["headers", "headersOrigin"],
    apply: (s, send, tabId) => setHeadersWanted(tabId, s.headers, s.headersOrigin, send),
  },
  {
    names: ["credentials"],
    apply: (s, send, tabId) => setCredentialsWanted(tabId, s.credentials, send),
  },
];

/**
 * Sets the units that hold any of `names` on the tab to the settings `s`;
 * what a unit could not do is noted per setting (`set show` names it), what
 * it did clears that note. Returns once every unit answered.
 */
export async function applyTo(tabId: number, s: Emulation, names: readonly EmulationName[], send: AttachSend): Promise<void> {
  const units = UNITS.filter((u) => u.names.some((n) => names.includes(n)));
  await Promise.all(
    units.map(async (u) => {
      let err: string | undefined;
      try {
        await u.apply(s, send, tabId);
      } catch (e) {
        err = cdpMessage(e);
      }
      for (const n of u.names) if (names.includes(n)) noteUnapplied(tabId, n, err);
    }),
  );
}

/** The members `s` sets, as names. */
export function setNames(s: Emulation): EmulationName[] {
  return Object.keys(s).filter((k) => (s as Record<string, unknown>)[k] !== undefined) as EmulationName[];
}
