// A fake chrome.debugger (and the few chrome.tabs members the page code
// reads) for unit tests: what was sent, answers per CDP method, events
// fired as Chrome would fire them. Only tests import it.

type Listener = (...args: unknown[]) => void;

/** A chrome.events.Event: listeners added, removed, and fired by the test. */
export class FakeEvent {
  readonly listeners = new Set<Listener>();
  addListener = (f: Listener): void => {
    this.listeners.add(f);
  };
  removeListener = (f: Listener): void => {
    this.listeners.delete(f);
  };
  fire(...args: unknown[]): void {
    for (const l of [...this.listeners]) l(...args);
  }
}

export interface FakeChromeOptions {
  /** As Chrome: a second attach to a tab fails "already attached", and a
   * command to a tab not attached fails "not attached". */
  strictAttach?: boolean;
  /** chrome.tabs members beside the events (get, update ...). */
  tabs?: Record<string, unknown>;
}

export class FakeChrome {
  /** Every CDP command sent, in order: [method, params]. */
  readonly sent: Array<[string, Record<string, unknown>]> = [];
  /** The session of each command in sent (undefined: the tab's own). */
  readonly sentIn: Array<string | undefined> = [];
  /** Answers per CDP method (may throw or hang); a method without one answers {}. */
  readonly answers = new Map<string, (params: Record<string, unknown>) => unknown>();
  readonly attached = new Set<number>();
  attachCalls = 0;
  readonly onEvent = new FakeEvent();
  readonly onDetach = new FakeEvent();
  readonly onRemoved = new FakeEvent();
  readonly onUpdated = new FakeEvent();
  readonly onCreated = new FakeEvent();

  constructor(private readonly opts: FakeChromeOptions = {}) {}

  /** Makes this the global `chrome`; answers itself. */
  install(): this {
    (globalThis as unknown as { chrome: unknown }).chrome = this.api();
    return this;
  }

  /** The methods sent, in order. */
  methods(): string[] {
    return this.sent.map(([m]) => m);
  }

  /** Fires a CDP event of the tab (sessionId: of one of its child sessions). */
  emit(tabId: number, method: string, params: object = {}, sessionId?: string): void {
    this.onEvent.fire(sessionId === undefined ? { tabId } : { tabId, sessionId }, method, params);
  }

  private api() {
    const strict = this.opts.strictAttach ?? false;
    return {
      debugger: {
        attach: async ({ tabId }: { tabId: number }) => {
          this.attachCalls++;
          if (strict && this.attached.has(tabId)) {
            throw new Error(`Another debugger is already attached to the tab with id: ${tabId}.`);
          }
          this.attached.add(tabId);
        },
        detach: async ({ tabId }: { tabId: number }) => {
          this.attached.delete(tabId);
        },
        sendCommand: async ({ tabId, sessionId }: { tabId: number; sessionId?: string }, method: string, params?: Record<string, unknown>) => {
          if (strict && !this.attached.has(tabId)) throw new Error(`Debugger is not attached to the tab with id: ${tabId}.`);
          this.sent.push([method, params ?? {}]);
          this.sentIn.push(sessionId);
          const a = this.answers.get(method);
          return a ? a(params ?? {}) : {};
        },
        onEvent: this.onEvent,
        onDetach: this.onDetach,
      },
      tabs: {
        // a web page, unless the test gives its own get
        get: async (tabId: number) => ({ id: tabId, url: "https://example.com/" }),
        onRemoved: this.onRemoved,
        onUpdated: this.onUpdated,
        onCreated: this.onCreated,
        ...this.opts.tabs,
      },
    };
  }
}

/** A CDP error as chrome.debugger rejects with it. */
export function cdpError(message: string, code = -32000): Error {
  return new Error(JSON.stringify({ code, message }));
}
