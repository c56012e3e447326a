/**
 * Which engine errors go away by themselves: a server still booting, restarting or unreachable
 * for a moment. Start-up retries those and gives up on the rest (a wrong password, a bad
 * migration, a Redis that may evict jobs), and requests that meet one answer 503, not 500.
 */

/** Thrown by our own code for "not yet" (e.g. a topic whose partitions have no leader yet). */
export class NotReadyError extends Error {
  override name = 'NotReadyError';
  readonly transient = true;
}

/** Socket errors of a server that is not listening yet, went away, or cannot be reached now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), admin/crash shutdown, "the database
 * system is starting up", too many connections, and a database that does not exist yet
 * (infra/local/up.sh creates it just after the server starts).
 */
const PG_TRANSIENT = /^(08...|57P0[123]|53300|3D000)$/;

/** node-postgres and ioredis say "the connection went away" in words, without a code. */
const TRANSIENT_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /^Connection is closed/i,
  /Stream isn't writeable and enableOfflineQueue options is false/i,
  /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN) /,
];

/**
 * KafkaJS marks most of what a booting broker answers as retriable (UNKNOWN_TOPIC_OR_PARTITION,
 * COORDINATOR_LOAD_IN_PROGRESS, GROUP_COORDINATOR_NOT_AVAILABLE, LEADER_NOT_AVAILABLE, ...),
 * but not these, which a KRaft broker also answers until it has registered itself.
 */
const KAFKA_TRANSIENT_TYPES = new Set(['INVALID_REPLICATION_FACTOR', 'NOT_CONTROLLER']);
const KAFKA_TRANSIENT_NAMES = new Set([
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSGroupCoordinatorNotFound',
  'KafkaJSMetadataNotLoaded',
  'KafkaJSTopicMetadataNotLoaded',
  'KafkaJSStaleTopicMetadataAssignment',
  'KafkaJSLockTimeout',
  'KafkaJSTimeout',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  retriable?: unknown;
  transient?: unknown;
  type?: unknown;
  cause?: unknown;
  originalError?: unknown;
  errors?: unknown;
}

function transientHere(e: ErrorLike): boolean {
  if (e.transient === true) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PG_TRANSIENT.test(code)) return true;
  const name = typeof e.name === 'string' ? e.name : '';
  if (name === 'MaxRetriesPerRequestError') return true;
  if (name.startsWith('KafkaJS')) {
    if (e.retriable === true || KAFKA_TRANSIENT_NAMES.has(name)) return true;
    if (typeof e.type === 'string' && KAFKA_TRANSIENT_TYPES.has(e.type)) return true;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  return TRANSIENT_MESSAGES.some((re) => re.test(message));
}

/** The error and what it wraps (cause, KafkaJS' originalError, aggregated errors). */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 6 || err === null || typeof err !== 'object') return;
  const e = err as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  yield* chain(e.originalError, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

/** True when waiting and trying again may succeed without anyone changing anything. */
export function isTransientError(err: unknown): boolean {
  for (const e of chain(err)) if (transientHere(e)) return true;
  return false;
}

/** `scheme://user:secret@host` -> `scheme://user:***@host`, wherever it appears in a text. */
export function maskCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/gi, '$1:***@');
}

/**
 * An error text made fit for a log line: credentials in URLs masked (a driver may quote the URL it
 * was given, and DATABASE_URL carries a password), and a failed query's values dropped (the
 * query layer appends "params: ..." to its message, and those are a patient's data).
 */
export function scrubErrorText(text: string): string {
  return maskCredentials(text).replace(/\nparams:[^\n]*/g, '\nparams: [redacted]');
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/** Errors by shape, not by class: a driver's error may come from another realm (jest's VMs). */
function isErrorLike(value: unknown): value is Error {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Error).message === 'string' &&
    typeof (value as Error).name === 'string'
  );
}

/** A PostgreSQL error may quote the value it refused: quoted parts are blanked. */
function messageOf(e: ErrorLike & Error): string {
  const fromDatabase =
    'severity' in e ||
    'params' in e ||
    (typeof e.code === 'string' && SQLSTATE.test(e.code)) ||
    e.message.startsWith('Failed query:');
  const message = scrubErrorText(e.message).split('\nparams:')[0] ?? '';
  return fromDatabase ? message.replace(QUOTED, '"[redacted]"') : message;
}

/**
 * One line about an error for logs and /readyz: its name, code and message (scrubbed as above,
 * database values blanked) and what it wraps. A plain string on purpose: the logger redacts keys
 * such as `message` and `code` at any depth.
 */
export function describeError(err: unknown, depth = 0): string {
  if (!isErrorLike(err)) return scrubErrorText(String(err)).slice(0, 500);
  const e = err as ErrorLike & Error;
  const code = typeof e.code === 'string' ? ` ${e.code}` : '';
  const type = typeof e.type === 'string' ? ` ${e.type}` : '';
  let text = `${e.name}${code}${type}: ${messageOf(e)}`;
  const inner = e.cause ?? e.originalError;
  // Node's "connection refused" on a host with several addresses is an AggregateError with
  // only a code: still worth naming.
  if (depth < 3 && isErrorLike(inner) && !(inner.message && e.message.includes(inner.message)))
    text += ` (${describeError(inner, depth + 1)})`;
  return text.replace(/\s*\n\s*/g, ' ').slice(0, 500);
}
