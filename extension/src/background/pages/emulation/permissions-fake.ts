// A chrome with storage.session, contentSettings and tabs.get enough for
// permissions.ts, for its tests: every contentSettings call is logged.
export interface PermissionsFake {
  calls: string[];
  stored: Record<string, unknown>;
}

export function installPermissionsFake(stored: Record<string, unknown>, urls: Record<number, string>): PermissionsFake {
  const fake: PermissionsFake = { calls: [], stored };
  const kind = (name: string) => ({
    clear: async () => {
      fake.calls.push(`clear ${name}`);
    },
    set: async (d: { primaryPattern: string; setting: string }) => {
      fake.calls.push(`set ${name} ${d.primaryPattern} ${d.setting}`);
    },
  });
  (globalThis as unknown as { chrome: unknown }).chrome = {
    storage: {
      session: {
        get: async (key: string) => (key in fake.stored ? { [key]: fake.stored[key] } : {}),
        set: async (items: Record<string, unknown>) => {
          Object.assign(fake.stored, JSON.parse(JSON.stringify(items)));
        },
      },
    },
    contentSettings: Object.fromEntries(["location", "notifications", "camera", "microphone", "clipboard"].map((n) => [n, kind(n)])),
    tabs: { get: async (tabId: number) => ({ id: tabId, url: urls[tabId] }) },
  };
  return fake;
}
