/**
 * The HTTP side of LocalDiskStorage's signed URLs: `PUT /forms/uploads/*key` stores a body and
 * `GET /forms/uploads/*key` (and HEAD) reads it back. Guarantees:
 * - nothing happens without a valid, unexpired signature for this key and this method (403 with
 *   a `{ message }` otherwise); a PUT must carry exactly the Content-Type its link was signed for
 *   and `If-None-Match: *` (403 otherwise);
 * - a key is stored once: a PUT to a key that holds an object is refused with 412 (before its
 *   body is read, and again at the commit, where of two racing PUTs exactly one stores);
 * - a body over `maxBytes` is refused with 413 (at once when Content-Length says so, otherwise as
 *   soon as the count passes it) and leaves nothing behind; an interrupted body leaves nothing;
 * - reads are downloads (`Content-Disposition: attachment`), `Cache-Control: private, no-store`,
 *   `nosniff` and sandboxed, with the Content-Type the link was signed with, else the stored one;
 *   bad input is a 4xx with a `{ message }`, never a 500.
 */
import type { IncomingMessage } from 'node:http';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response, Router } from 'express';
import {
  LOCAL_UPLOAD_MESSAGES,
  LOCAL_UPLOADS_PATH,
  type LocalDiskStorage,
} from './local-disk-storage';
import { downloadDisposition, UploadStorageError } from './upload-storage';

export interface LocalUploadRoutesOptions {
  /** The largest body a PUT may carry, in bytes. */
  maxBytes: number;
}

export const LOCAL_UPLOAD_ROUTE_MESSAGES = {
  ...LOCAL_UPLOAD_MESSAGES,
  notFound: 'This file does not exist.',
  unreadableBody: 'This kind of file cannot be uploaded here.',
  interrupted: 'The upload was interrupted. Please try again.',
  conflict: 'This upload address is not available.',
} as const;

export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`;
  return `The file is too large. Maximum size is ${limit}.`;
}

export function localUploadRoutes(
  router: Router,
  storage: LocalDiskStorage,
  opts: LocalUploadRoutesOptions,
): void {
  const route = `${LOCAL_UPLOADS_PATH}/*key`;

  router.put(route, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const check = storage.verifySignedRequest('PUT', keyOf(req), query(req));
      if (!check.ok) return void res.status(check.status).json({ message: check.message });
      const sent = (req.headers['content-type'] ?? '').trim();
      if (sent !== check.contentType)
        return void res.status(403).json({ message: LOCAL_UPLOAD_MESSAGES.wrongContentType });
      // As S3 signs it: a link stores where nothing is stored yet, and only so.
      if ((req.headers['if-none-match'] ?? '').trim() !== '*')
        return void res.status(403).json({ message: LOCAL_UPLOAD_MESSAGES.notOnce });
      if (await storage.has(check.key)) {
        req.resume();
        return void res.status(412).json({ message: LOCAL_UPLOAD_MESSAGES.alreadyStored });
      }
      // Someone else's body parser (the JSON one) has already read the body.
      if (req.readableEnded || (req as { _body?: unknown })._body === true)
        return void res.status(415).json({ message: LOCAL_UPLOAD_ROUTE_MESSAGES.unreadableBody });
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        req.resume(); // discard the body so the answer reaches the client
        return void res.status(413).json({ message: tooLargeMessage(opts.maxBytes) });
      }

      const temp = await storage.newTempPath();
      const outcome = await receive(req, temp, opts.maxBytes);
      if (outcome !== 'complete') {
        await storage.discardTempFile(temp);
        if (outcome === 'too_large')
          return void res.status(413).json({ message: tooLargeMessage(opts.maxBytes) });
        if (!res.headersSent)
          res.status(400).json({ message: LOCAL_UPLOAD_ROUTE_MESSAGES.interrupted });
        return;
      }
      try {
        await storage.commitTempFile(temp, check.key, check.contentType ?? '');
      } catch (err) {
        if (err instanceof UploadStorageError && err.code === 'already_stored')
          return void res.status(412).json({ message: LOCAL_UPLOAD_MESSAGES.alreadyStored });
        if (err instanceof UploadStorageError && err.code === 'conflict')
          return void res.status(409).json({ message: LOCAL_UPLOAD_ROUTE_MESSAGES.conflict });
        throw err;
      }
      res.status(200).end();
    } catch (err) {
      next(err);
    }
  });

  // Express answers HEAD with the GET route.
  router.get(route, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const check = storage.verifySignedRequest(req.method, keyOf(req), query(req));
      if (!check.ok) return void res.status(check.status).json({ message: check.message });
      const found = await storage.openRead(check.key);
      if (!found)
        return void res.status(404).json({ message: LOCAL_UPLOAD_ROUTE_MESSAGES.notFound });
      res.status(200);
      res.setHeader('Content-Type', check.contentType ?? found.contentType);
      res.setHeader('Content-Disposition', downloadDisposition(check.key));
      res.setHeader('Content-Length', String(found.size));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Uploaded bytes are the patient's, not ours: never let them run as a page of this origin.
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      if (req.method === 'HEAD') {
        found.stream.destroy();
        return void res.end();
      }
      try {
        await pipeline(found.stream, res);
      } catch (err) {
        if (!res.headersSent) throw err;
        res.destroy();
      }
    } catch (err) {
      next(err);
    }
  });
}

/** Express 5 gives `*key` as the list of path segments, already decoded. */
function keyOf(req: Request): unknown {
  const raw: unknown = req.params.key;
  if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return raw.join('/');
  return typeof raw === 'string' ? raw : undefined;
}

function query(req: Request): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

type ReceiveOutcome = 'complete' | 'too_large' | 'interrupted';

/**
 * Writes the body to `path`, counting bytes. Past `maxBytes` it stops writing and keeps reading
 * (and dropping) the rest, so that the 413 reaches a client that is still sending.
 */
function receive(req: IncomingMessage, path: string, maxBytes: number): Promise<ReceiveOutcome> {
  return new Promise<ReceiveOutcome>((resolve) => {
    const out = createWriteStream(path, { flags: 'wx' });
    let received = 0;
    let settled = false;
    let failed = false;
    const settle = (outcome: ReceiveOutcome) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      if (outcome === 'too_large') req.resume();
      // A write error turns a complete body into an interrupted upload.
      const final = (): ReceiveOutcome =>
        outcome === 'complete' && failed ? 'interrupted' : outcome;
      if (out.closed) return resolve(final());
      // The file is closed before anyone renames or deletes it.
      out.once('close', () => resolve(final()));
      if (outcome === 'complete') out.end();
      else out.destroy();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return settle('too_large');
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    };
    out.on('error', () => {
      failed = true;
      settle('interrupted');
    });
    req.on('data', onData);
    req.on('end', () => settle('complete'));
    req.on('error', () => settle('interrupted'));
    req.on('close', () => {
      if (!req.readableEnded) settle('interrupted');
    });
  });
}
