// Reconnect backoff of spec section 8: 1 s, doubling, at most 30 s; reset
// after auth_ok. Pure, so it is unit-tested without timers.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs = BACKOFF_BASE_MS,
    private readonly maxMs = BACKOFF_MAX_MS,
  ) {}

  /** The delay before the next reconnect; each call doubles the one after. */
  next(): number {
    const delay = Math.min(this.maxMs, this.baseMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    return delay;
  }

  /** Back to the base delay, after a successful auth_ok. */
  reset(): void {
    this.attempt = 0;
  }
}
