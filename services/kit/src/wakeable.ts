/**
 * A sleep that can be cut short: polling loops wait on it and producers wake them. Each wake
 * ends one sleep, the longest waiting (a job queue's workers wake one per job); a wake while
 * nobody sleeps ends the next sleep at once, so work arriving between a check and the sleep
 * after it is not left waiting for the poll.
 */
export class Wakeable {
  private readonly sleepers: (() => void)[] = [];
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        const at = this.sleepers.indexOf(done);
        if (at >= 0) this.sleepers.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.push(done);
    });
  }

  wake(): void {
    const first = this.sleepers[0];
    if (first) first();
    else this.woken = true;
  }
}
