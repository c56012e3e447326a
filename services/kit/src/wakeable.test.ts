import { Wakeable } from './wakeable';

describe('Wakeable', () => {
  it('ends one sleep per wake, the longest waiting first, and every sleep when woken as often', async () => {
    const wake = new Wakeable();
    const ended: string[] = [];
    const first = wake.sleep(10_000).then(() => ended.push('first'));
    const second = wake.sleep(10_000).then(() => ended.push('second'));
    wake.wake();
    await first;
    await Promise.resolve();
    expect(ended).toEqual(['first']);
    wake.wake();
    await second;
    expect(ended).toEqual(['first', 'second']);
  });

  it('remembers a wake while nobody sleeps, once', async () => {
    const wake = new Wakeable();
    wake.wake();
    wake.wake();
    const started = Date.now();
    await wake.sleep(10_000);
    expect(Date.now() - started).toBeLessThan(1000);
    const timedOut = await Promise.race([
      wake.sleep(50).then(() => 'slept'),
      new Promise((resolve) => setTimeout(() => resolve('still asleep'), 20)),
    ]);
    expect(timedOut).toBe('still asleep');
  });

  it('ends a sleep after its time when nobody wakes it, and forgets it', async () => {
    const wake = new Wakeable();
    await wake.sleep(10);
    wake.wake(); // no sleeper left: the next sleep returns at once
    const started = Date.now();
    await wake.sleep(10_000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
