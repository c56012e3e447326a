import { KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { FakeTimers, settle } from '../testing/fake-timers';
import { memoryLogger, silentLogger } from '../testing/support';
import { backoffDelay, retry, RetryAborted, type Backoff } from './retry';
import { describeError, isTransientError, NotReadyError } from './transient-errors';

const backoff: Backoff = { initialMs: 100, maxMs: 1000, multiplier: 2, jitter: 0.5 };

function systemError(code: string, message = `connect ${code} 127.0.0.1:5432`): Error {
  return Object.assign(new Error(message), { code });
}

const protocolError = (type: string, message: string, retriable: boolean) =>
  new KafkaJSProtocolError({ type, message, retriable, code: 0 } as never);

describe('backoffDelay', () => {
  it('doubles from the first wait up to the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(backoff, n, noJitter))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
  });

  it('takes up to the jitter share off each wait, never past the cap', () => {
    expect(backoffDelay(backoff, 3, () => 1)).toBe(200);
    expect(backoffDelay(backoff, 3, () => 0.5)).toBe(300);
    for (let i = 0; i < 100; i += 1) {
      const delay = backoffDelay(backoff, 10);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(1000);
    }
  });
});

describe('retry', () => {
  it('retries transient failures after growing waits, logging each attempt without secrets', async () => {
    const timers = new FakeTimers();
    const { logger, lines } = memoryLogger();
    const failures = [
      systemError('ECONNREFUSED'),
      Object.assign(
        new Error('password authentication failed for postgres://clinic:s3cr3t@db:5432/clinic'),
        { code: '57P03' },
      ),
    ];
    let calls = 0;
    const result = retry(
      async (attempt) => {
        calls += 1;
        const failure = failures[attempt - 1];
        if (failure) throw failure;
        return 'connected';
      },
      { what: 'database', logger, backoff, sleep: timers.sleep, random: () => 0 },
    );

    await timers.untilSleeping();
    expect(calls).toBe(1);
    await timers.advance(99);
    expect(calls).toBe(1);
    await timers.advance(1);
    await timers.untilSleeping();
    expect(calls).toBe(2);
    await timers.advance(200);
    await expect(result).resolves.toBe('connected');
    expect(calls).toBe(3);
    expect(timers.waits).toEqual([100, 200]);

    const warnings = lines().filter((l) => l.level === 40);
    expect(warnings.map((w) => [w.what, w.attempt, w.retryInMs])).toEqual([
      ['database', 1, 100],
      ['database', 2, 200],
    ]);
    expect(String(warnings[0]?.error)).toContain('ECONNREFUSED');
    expect(JSON.stringify(lines())).not.toContain('s3cr3t');
    expect(String(warnings[1]?.error)).toContain('postgres://clinic:***@db:5432');
  });

  it('throws an error that is not transient at once', async () => {
    const timers = new FakeTimers();
    const refused = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      retry(
        async () => {
          throw refused;
        },
        { what: 'database', logger: silentLogger, sleep: timers.sleep },
      ),
    ).rejects.toBe(refused);
    expect(timers.waits).toEqual([]);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const timers = new FakeTimers();
    let calls = 0;
    const result = retry(
      async () => {
        calls += 1;
        throw systemError('ECONNRESET', `reset ${calls}`);
      },
      { what: 'redis', logger: silentLogger, backoff, maxAttempts: 3, sleep: timers.sleep },
    );
    result.catch(() => undefined);
    for (let i = 0; i < 2; i += 1) {
      await timers.untilSleeping();
      await timers.advance(1000);
    }
    await expect(result).rejects.toThrow('reset 3');
    expect(calls).toBe(3);
  });

  it('stops waiting when the signal aborts, without another attempt', async () => {
    const timers = new FakeTimers();
    const controller = new AbortController();
    let calls = 0;
    const result = retry(
      async () => {
        calls += 1;
        throw systemError('ECONNREFUSED');
      },
      { what: 'bus', logger: silentLogger, sleep: timers.sleep, signal: controller.signal },
    );
    result.catch(() => undefined);
    await timers.untilSleeping();
    controller.abort(new RetryAborted('shutting down'));
    await expect(result).rejects.toThrow('shutting down');
    await timers.advance(60000);
    await settle();
    expect(calls).toBe(1);
  });
});

describe('isTransientError', () => {
  it.each([
    ['a refused connection', systemError('ECONNREFUSED')],
    ['a socket reset', systemError('ECONNRESET')],
    ['PostgreSQL starting up (57P03)', systemError('57P03', 'the database system is starting up')],
    ['a dropped PostgreSQL connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['Redis reconnecting', new Error('Connection is closed.')],
    ['Redis loading its data', new Error('LOADING Redis is loading the dataset in memory')],
    [
      'a missing topic-partition on a booting broker',
      protocolError(
        'UNKNOWN_TOPIC_OR_PARTITION',
        'This server does not host this topic-partition',
        true,
      ),
    ],
    [
      'a coordinator still loading',
      protocolError('COORDINATOR_LOAD_IN_PROGRESS', 'The coordinator is loading', true),
    ],
    [
      'a group coordinator not available',
      protocolError(
        'GROUP_COORDINATOR_NOT_AVAILABLE',
        'The group coordinator is not available',
        true,
      ),
    ],
    [
      'a KRaft broker not registered yet',
      protocolError('INVALID_REPLICATION_FACTOR', 'Replication-factor is invalid', false),
    ],
    [
      'KafkaJS giving up on retriable errors',
      new KafkaJSNumberOfRetriesExceeded(systemError('ECONNREFUSED'), {
        retryCount: 5,
        retryTime: 100,
      } as never),
    ],
    [
      'a connection refused on every address',
      Object.assign(new AggregateError([systemError('ECONNREFUSED')]), { code: 'ECONNREFUSED' }),
    ],
    ['our own not-yet', new NotReadyError('no leader yet')],
  ])('retries %s', (_what, err) => {
    expect(isTransientError(err)).toBe(true);
  });

  it.each([
    ['a wrong password (28P01)', systemError('28P01', 'password authentication failed')],
    [
      'a failing migration',
      Object.assign(new Error('syntax error at or near "tabel"'), { code: '42601' }),
    ],
    ['a Redis that may evict jobs', new Error('Redis maxmemory-policy is "allkeys-lru"')],
    [
      'a topic the client may not read',
      protocolError('TOPIC_AUTHORIZATION_FAILED', 'Not authorized to access topics', false),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['not an error at all', 'oops'],
  ])('does not retry %s', (_what, err) => {
    expect(isTransientError(err)).toBe(false);
  });

  it("describes a failed query's error without the values it was sent", () => {
    const pgError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const failedQuery = new Error(
      'Failed query: insert into demo.people (email, weight) values ($1, $2)\nparams: jordan@example.com,240',
      { cause: pgError },
    );
    expect(isTransientError(failedQuery)).toBe(true);
    const line = describeError(failedQuery);
    expect(line).not.toMatch(/jordan|240/);
    expect(line).toContain('ECONNREFUSED');
    const refused = Object.assign(new Error('invalid input syntax for type integer: "jordan"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(describeError(refused)).toBe(
      'Error 22P02: invalid input syntax for type integer: "[redacted]"',
    );
  });

  it('describes an error on one line with URL credentials masked', () => {
    const err = new Error(
      'cannot reach redis://default:hunter2@cache:6379 and postgres://u:p@db/x',
    );
    expect(describeError(err)).toBe(
      'Error: cannot reach redis://default:***@cache:6379 and postgres://u:***@db/x',
    );
  });
});
