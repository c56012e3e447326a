/**
 * The client Drizzle talks to on the embedded engine: PGlite's `query` and `transaction` as Drizzle
 * uses them, with each statement sent to the engine as one pipelined message (Parse, Bind,
 * Describe, Execute, Sync) instead of PGlite's five separate round trips into WebAssembly
 * (Parse, Describe statement, Bind, Describe portal, Execute, then Sync). A checkout runs a few
 * dozen statements on this single connection, so those round trips were most of its time.
 *
 * Guarantees, as PGlite's own `query` and `transaction`:
 * - one statement or one transaction at a time: a transaction holds the connection from BEGIN to
 *   COMMIT or ROLLBACK; a statement outside it waits for it (code inside a transaction must use
 *   its `tx`, as with PGlite); the statements of one transaction run one after another even when
 *   its code starts them together;
 * - requests before background work (work-priority.ts): who holds the connection next is decided
 *   by a ConnectionQueue, which also makes background work wait for the event loop's turn;
 * - the same values: parameters go as text with their types left to the server, which infers
 *   them as PGlite's Describe would; only strings, numbers, booleans, bigints and dates take this
 *   path (their text form is the same whatever the type), anything else (arrays, objects, bytes)
 *   goes through PGlite's own `query`, which serialises by the described type. Results are
 *   read as PGlite's own parser reads them, with the caller's options;
 * - errors are PGlite's DatabaseError (code, constraint, detail), and a failed statement leaves
 *   the connection usable (the Sync ends the failed pipeline);
 * - written data is synced to the data folder after each statement outside a transaction and
 *   after each COMMIT, as PGlite does;
 * - work through `forRole(role)` runs as that role (db/roles.ts): a transaction says so in the
 *   message that begins it (`BEGIN; SET LOCAL ROLE`, no extra round trip), a statement outside
 *   one switches the session's role only when the last one ran as another; everything else
 *   (migrations, dumps) runs as the session's own user.
 */
import {
  messages as backend,
  Mutex,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { currentPriority } from '../work-priority';
import { ConnectionQueue } from './connection-queue';

/** The part of a PGlite client that Drizzle's pglite session calls. */
export interface PgliteQueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
}

const { serialize } = protocol;

/** Statements kept prepared; the least recently used beyond this are closed. */
const maxPrepared = 500;

/** A parameter's text form, or undefined when only its described type can say how to send it. */
function textOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Parsers = PGlite['parsers'];

/**
 * The statement's answer as PGlite's own parser gives it (rows by field name, or arrays in
 * 'array' row mode; each value through the caller's parser for its type, else PGlite's), without
 * copying PGlite's few hundred default parsers into a new object for every statement as it does
 * when the caller passes parsers (Drizzle always does).
 */
function resultOf<T>(
  answer: readonly unknown[],
  defaults: Parsers,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers;
  const asArrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  const value = (text: string | null, type: number) => {
    if (text === null) return null;
    const parser = own?.[type] ?? defaults[type];
    return parser ? parser(text, type) : text;
  };
  for (const message of answer) {
    if (message instanceof backend.RowDescriptionMessage) {
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    } else if (message instanceof backend.DataRowMessage) {
      const values = message.fields.map((text, i) => value(text, fields[i]?.dataTypeID ?? 0));
      rows.push(asArrays ? values : Object.fromEntries(values.map((v, i) => [fields[i]?.name, v])));
    } else if (message instanceof backend.CommandCompleteMessage) {
      const words = message.text.split(' ');
      const count = parseInt(words[words.length - 1] ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0] ?? ''))
        affectedRows += count;
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

export class PglitePipelinedClient implements PgliteQueryClient {
  /** Held by a transaction for its whole length, or by one statement outside any. */
  private readonly connection = new ConnectionQueue();
  /** One statement at a time, also among those a transaction runs side by side (Promise.all). */
  private readonly statement = new Mutex();
  private readonly inTransaction: PgliteQueryClient;
  /** Statements prepared on the connection, by text, least recently used first. */
  private readonly prepared = new Map<string, string>();
  private named = 0;
  /** The role statements outside a transaction run as (null: the session's user). */
  private sessionRole: string | null = null;

  /** `pglite` must be ready (`await pglite.waitReady`): the raw protocol does not wait for it. */
  constructor(private readonly pglite: PGlite) {
    this.inTransaction = {
      query: (text, params, options) => this.run(text, params, options, false),
      transaction: () => Promise.reject(new Error('nested transactions use savepoints')),
    };
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.queryAs(null, text, params, options);
  }

  transaction<T>(fn: (tx: PgliteQueryClient) => Promise<T>): Promise<T> {
    return this.transactionAs(null, fn);
  }

  /** The same connection, every statement and transaction run as `role`. */
  forRole(role: string): PgliteQueryClient {
    const quoted = quoteRole(role);
    return {
      query: (text, params, options) => this.queryAs(quoted, text, params, options),
      transaction: (fn) => this.transactionAs(quoted, fn),
    };
  }

  private queryAs<T>(
    role: string | null,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.connection.run(currentPriority(), async () => {
      await this.useRole(role);
      return this.run<T>(text, params, options, true);
    });
  }

  private transactionAs<T>(
    role: string | null,
    fn: (tx: PgliteQueryClient) => Promise<T>,
  ): Promise<T> {
    return this.connection.run(currentPriority(), async () => {
      const begin = role === this.sessionRole ? 'BEGIN' : `BEGIN; SET LOCAL ROLE ${role ?? 'NONE'}`;
      await this.simple(begin).catch(async (err: unknown) => {
        await this.simple('ROLLBACK').catch(() => undefined);
        throw err;
      });
      let result: T;
      try {
        result = await fn(this.inTransaction);
      } catch (err) {
        await this.simple('ROLLBACK');
        throw err;
      }
      try {
        await this.simple('COMMIT');
      } finally {
        await this.pglite.syncToFs();
      }
      return result;
    });
  }

  /** Runs `fn` with the connection to itself (migrations, dumps, closing), as the session's user. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.connection.run('request', async () => {
      await this.useRole(null);
      return fn();
    });
  }

  /** Runs `fn` with the connection to itself, as `role` (the session's user when null), then
   * drops every prepared statement: tables may have changed (migrations). */
  async afterSchemaChange<T>(fn: () => Promise<T>, role: string | null = null): Promise<T> {
    return this.connection.run('request', async () => {
      await this.useRole(role === null ? null : quoteRole(role));
      try {
        return await fn();
      } finally {
        this.prepared.clear();
        await this.pglite.execProtocol(serialize.query('DEALLOCATE ALL'), { syncToFs: false });
      }
    });
  }

  private async run<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    sync: boolean,
  ): Promise<Results<T>> {
    const values = params.map(textOf);
    try {
      return await this.statement.runExclusive(async (): Promise<Results<T>> => {
        if (values.includes(undefined) || options?.blob)
          return this.pglite.query<T>(text, params, options);
        const answer = await this.execute(text, values as (string | null)[]).catch(
          (err: unknown) => {
            // A table changed shape under a prepared statement (DDL outside the migrations, which
            // forget them all): outside a transaction, run it once more freshly prepared.
            if (!sync || (err as { code?: string }).code !== '0A000') throw err;
            this.prepared.delete(text);
            return this.execute(text, values as (string | null)[]);
          },
        );
        return resultOf<T>(answer, this.pglite.parsers, options);
      });
    } finally {
      if (sync) await this.pglite.syncToFs();
    }
  }

  /**
   * One statement in one message. A text seen before runs as the statement prepared for it
   * (Bind only: Postgres parses and plans it once, half of a short statement's time here); a new
   * text is prepared under a fresh name in the same message. Postgres re-plans a prepared
   * statement by itself when a table it uses changes.
   */
  private async execute(text: string, values: (string | null)[]) {
    let name = this.prepared.get(text);
    const parts: Uint8Array[] = [];
    const fresh = name === undefined;
    if (name === undefined) {
      name = `clinic_${(this.named += 1)}`;
      parts.push(serialize.parse({ name, text }));
      this.prepared.set(text, name);
      const oldest =
        this.prepared.size > maxPrepared ? this.prepared.keys().next().value : undefined;
      if (oldest !== undefined) {
        parts.push(serialize.close({ type: 'S', name: this.prepared.get(oldest) }));
        this.prepared.delete(oldest);
      }
    } else {
      // Most recently used last, so the oldest is the one closed when the cache is full.
      this.prepared.delete(text);
      this.prepared.set(text, name);
    }
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      const { messages } = await this.pglite.execProtocol(concat(parts), { syncToFs: false });
      return messages;
    } catch (err) {
      // Whether the Parse got through is unknown: forget the name (a fresh one is used next
      // time) and close it, which is harmless if it was never made.
      if (fresh) {
        this.prepared.delete(text);
        await this.pglite
          .execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), {
            syncToFs: false,
          })
          .catch(() => undefined);
      }
      throw err;
    }
  }

  /** Makes the session's role `role` (quoted), if the last statement ran as another. */
  private async useRole(role: string | null): Promise<void> {
    if (role === this.sessionRole) return;
    await this.simple(role === null ? 'RESET ROLE' : `SET ROLE ${role}`);
    this.sessionRole = role;
  }

  private async simple(text: string): Promise<void> {
    await this.pglite.execProtocol(serialize.query(text), { syncToFs: false });
  }
}

function quoteRole(role: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(role)) throw new Error(`Invalid role name "${role}"`);
  return `"${role}"`;
}
