/**
 * The forms records over HTTP (cluster mode): calls forms' internal routes with the cluster's
 * internal token. Answers are validated with the internal contract schemas; a non-2xx answer, a
 * malformed one, a network failure or no answer within `timeoutMs` rejects with a
 * FormsRecordsError saying which call failed and why (never what the record holds). Reads only:
 * nothing is retried here, the caller may simply ask again.
 */
import type { z } from 'zod';
import {
  assessmentRecordResponseSchema,
  fileReadRequestSchema,
  fileReadResponseSchema,
  formsInternalPaths,
  type AssessmentRecord,
  type FileRead,
} from '@clinic/contracts';
import { describeIssues, INTERNAL_CALL_HEADER, type PrincipalSigner } from '@clinic/kit';
import type { FormsRecords } from './forms-records';

export class FormsRecordsError extends Error {
  override name = 'FormsRecordsError';

  constructor(
    message: string,
    /** The HTTP status forms answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export class HttpFormsRecords implements FormsRecords {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly principals: PrincipalSigner,
    private readonly timeoutMs = 5000,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async assessmentRecord(orderId: number): Promise<AssessmentRecord | null> {
    const answer = await this.call(
      formsInternalPaths.assessmentRecord,
      { orderId },
      assessmentRecordResponseSchema,
    );
    return answer.record;
  }

  async fileRead(orderId: number, fileName: string): Promise<FileRead | null> {
    // A name no file can have (empty, over-long) is simply not the order's, as in-process.
    if (!fileReadRequestSchema.shape.fileName.safeParse(fileName).success) return null;
    const answer = await this.call(
      formsInternalPaths.fileRead,
      { orderId, fileName },
      fileReadResponseSchema,
    );
    return answer.read;
  }

  private async call<S extends z.ZodType>(
    path: string,
    payload: unknown,
    schema: S,
  ): Promise<z.infer<S>> {
    const what = `forms ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
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
      throw new FormsRecordsError(
        name === 'TimeoutError'
          ? `${what} did not answer within ${this.timeoutMs} ms`
          : `${what} could not be reached: ${String(reason)}`,
      );
    }
    const body = parseJson(text);
    if (!res.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new FormsRecordsError(
        `${what} answered ${res.status}: ${typeof message === 'string' ? message : res.statusText}`,
        res.status,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      // The issues name fields and kinds only (describeIssues), never the values received.
      throw new FormsRecordsError(
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
