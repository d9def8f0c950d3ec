// Waiting on a condition instead of sleeping: whoever changes what a waiter
// looks at wakes it, and every wait has its own bound.

/** Waiters woken together when what they wait for may have changed. */
export class Wakeup {
  private readonly waiters = new Set<() => void>();

  /** Wakes every waiter now. */
  wake(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Resolves on the next wake(), or after ms. */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.add(done);
    });
  }

  /**
   * Resolves once cond() holds (checked now and on every wake), or when
   * ms have passed; answers whether it held.
   */
  async until(cond: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (cond()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.next(left);
    }
  }
}
