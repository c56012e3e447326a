/**
 * What of an error may reach a log line. A failed query carries the values it was sent (the
 * query layer puts them in `params` and in its message, the driver quotes the offending value in
 * its message and `detail`), and those values are a patient's email, date of birth, weight...
 * So database errors keep their kind, SQLSTATE code, constraint, table and column and a message
 * with every quoted value blanked; their parameters, details and context are dropped. Other
 * errors keep their message (by rule no error message holds patient data) and their stack.
 */

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggedError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

function isDatabaseError(err: Error & Record<string, unknown>): boolean {
  return (
    'params' in err ||
    'severity' in err ||
    (typeof err.code === 'string' && SQLSTATE.test(err.code)) ||
    err.message.startsWith('Failed query:')
  );
}

/** The query layer's "Failed query: <sql>\nparams: <values>" without the values. */
function databaseMessage(message: string): string {
  const withoutParams = message.split(/\nparams:/)[0] ?? '';
  return withoutParams.replace(QUOTED, '"[redacted]"');
}

/** The stack's frames under a first line that is the (already safe) message. */
function safeStack(err: Error, type: string, message: string): string | undefined {
  if (!err.stack) return undefined;
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error))
    return { type: typeof err, message: '[a non-error value was thrown]' };
  const fields = err as Error & Record<string, unknown>;
  const type = err.name || 'Error';
  const database = isDatabaseError(fields);
  const message = database ? databaseMessage(err.message) : err.message;
  const out: LoggedError = { type, message };
  if (typeof fields.code === 'string' || typeof fields.code === 'number')
    out.code = String(fields.code);
  if (database) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      if (typeof fields[key] === 'string') out[key] = fields[key];
    }
  }
  const stack = safeStack(err, type, message);
  if (stack) out.stack = stack;
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}
