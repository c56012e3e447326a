/** A sleep that can be cut short: polling loops wait on it and producers wake them. */
export class Wakeable {
  private pending: (() => void) | undefined;
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending = done;
    });
  }

  wake(): void {
    if (this.pending) this.pending();
    else this.woken = true;
  }
}
