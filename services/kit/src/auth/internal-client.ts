/**
 * One service calling another's internal routes (cluster mode): a POST with the cluster's
 * internal token, the answer validated with the contract's schema. A non-2xx answer, a malformed
 * one, a network failure or no answer within `timeoutMs` rejects with the caller's own error
 * (`fail`) saying which call failed and why; schema issues name fields and kinds only, never the
 * values received, so no patient data reaches an error message. Nothing is retried here.
 */
import type { z } from 'zod';
import { describeIssues } from '../http/errors';
import { INTERNAL_CALL_HEADER, type PrincipalSigner } from './principal';

export class InternalClient {
  private readonly baseUrl: string;

  constructor(
    /** The called service, for the error messages ("forms /internal/..."). */
    private readonly service: string,
    baseUrl: string,
    private readonly principals: PrincipalSigner,
    readonly timeoutMs: number,
    private readonly fail: (message: string, status?: number) => Error,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** `headers`: more to send, e.g. the caller's signed principal (PrincipalSigner.sign). */
  async call<S extends z.ZodType>(
    path: string,
    payload: unknown,
    schema: S,
    headers: Record<string, string> = {},
  ): Promise<z.infer<S>> {
    const what = `${this.service} ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          [INTERNAL_CALL_HEADER]: this.principals.internalToken(),
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      // Checked by shape: fetch's DOMException and TypeError need not share this realm's Error.
      const { name, message, cause } = (err ?? {}) as {
        name?: unknown;
        message?: unknown;
        cause?: unknown;
      };
      const reason = (cause as { message?: unknown } | undefined)?.message ?? message ?? err;
      throw this.fail(
        name === 'TimeoutError'
          ? `${what} did not answer within ${this.timeoutMs} ms`
          : `${what} could not be reached: ${String(reason)}`,
      );
    }
    const body = parseJson(text);
    if (!res.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw this.fail(
        `${what} answered ${res.status}: ${typeof message === 'string' ? message : res.statusText}`,
        res.status,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw this.fail(
        `${what} answered outside its contract: ${describeIssues(parsed.error)}`,
        res.status,
      );
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
