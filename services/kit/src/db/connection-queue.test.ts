import { ConnectionQueue } from './connection-queue';

/** Resolves after the event loop has polled for I/O once more. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ConnectionQueue', () => {
  it('serves waiting requests first, and background work one turn per interval meanwhile', async () => {
    let now = 0;
    const queue = new ConnectionQueue({ now: () => now, backgroundTurnEveryMs: 100 });
    const order: string[] = [];
    const hold = (label: string, after?: () => void) => async () => {
      order.push(label);
      after?.();
      await nextTurn();
    };
    const requests = [queue.run('request', hold('r0'))];
    const background = ['b0', 'b1', 'b2'].map((b) => queue.run('background', hold(b)));
    requests.push(
      queue.run(
        'request',
        hold('r1', () => (now = 150)),
      ),
    );
    requests.push(...['r2', 'r3'].map((r) => queue.run('request', hold(r))));
    expect(queue.waiting()).toEqual({ request: 4, background: 3 });
    await Promise.all([...requests, ...background]);
    // b0: background has had no turn yet. Then requests until 100 ms have passed since b0: one
    // more background turn (b1), requests again, and what is left once none waits.
    expect(order).toEqual(['b0', 'r0', 'r1', 'b1', 'r2', 'r3', 'b2']);
  });

  it('passes the connection from holder to holder only within one turn of the event loop', async () => {
    let now = 0;
    const queue = new ConnectionQueue({ now: () => now, turnMs: 10 });
    let turned = false;
    const seen: boolean[] = [];
    const statement = (first: boolean) => async () => {
      if (first) setImmediate(() => (turned = true));
      now += 4; // each statement takes 4 ms
    };
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run('request', statement(i === 0)).then(() => seen.push(turned)),
      ),
    );
    // Three statements fit in the first 10 ms; the fourth waits for the loop to poll for I/O.
    expect(seen).toEqual([false, false, false, true, true, true]);
  });
});
