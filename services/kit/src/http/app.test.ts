import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import {
  INT32_MAX,
  checkoutMessages,
  defineRoute,
  idempotencyKeyHeaders,
  int,
  numeric,
  text,
} from '@clinic/contracts';
import { memoryLogger } from '../testing/support';
import { createHttpApp, finishApp } from './app';
import { HttpError } from './errors';
import { JSON_ONLY, bindRoute } from './routes';

const echo = defineRoute({
  method: 'post',
  path: '/api/echo/:id',
  service: 'checkout',
  auth: 'public',
  summary: 'test',
  params: z.object({ id: z.coerce.number().int() }),
  body: z.object({ email: z.email(), note: z.string().max(5) }),
  response: z.object({ status: z.literal('success'), id: z.number() }),
});

/** A route built from the contract layer's field helpers. */
const strict = defineRoute({
  method: 'post',
  path: '/api/strict/:id',
  service: 'checkout',
  auth: 'public',
  summary: 'test',
  params: z.object({ id: text(64) }),
  body: z.object({ note: text(5), count: numeric(int(0, INT32_MAX)) }),
  response: z.object({ status: z.literal('success'), count: z.number() }),
});

const keyed = defineRoute({
  method: 'post',
  path: '/api/keyed',
  service: 'checkout',
  auth: 'public',
  summary: 'test',
  headers: idempotencyKeyHeaders,
  response: z.object({ status: z.literal('success'), key: z.string() }),
});

function build() {
  const { logger, lines } = memoryLogger('svc');
  const app = createHttpApp({ service: 'svc', logger, bodyLimit: '1kb' });
  const router = Router();
  bindRoute(router, echo, async ({ params }) => ({ status: 'success' as const, id: params.id }));
  router.get('/boom', () => {
    throw new Error('db password=hunter2 leaked');
  });
  router.get('/teapot', () => {
    throw new HttpError(418, 'I am a teapot');
  });
  router.get('/drift', (_req, res) => void res.json({ ok: true }));
  bindRoute(router, strict, async ({ body }) => ({
    status: 'success' as const,
    count: body.count,
  }));
  bindRoute(router, keyed, async ({ headers }) => ({
    status: 'success' as const,
    key: headers['Idempotency-Key'],
  }));
  bindRoute(
    router,
    defineRoute({ ...echo, method: 'get', path: '/api/drift', params: undefined, body: undefined }),
    async () => ({ status: 'nope' }) as never,
  );
  app.use(router);
  finishApp(app, logger);
  return { app, lines };
}

describe('service HTTP app', () => {
  it('validates against the contract and answers typed input', async () => {
    const { app } = build();
    const ok = await request(app).post('/api/echo/7').send({ email: 'a@b.co', note: 'hi' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'success', id: 7 });
  });

  it('answers 400 naming each invalid field, in the spec error shape', async () => {
    const { app } = build();
    const bad = await request(app).post('/api/echo/7').send({ email: 'nope', note: 'too long' });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    expect(bad.body.message).toMatch(/^Invalid request body: email: .+; note: .+/);
    const badParam = await request(app).post('/api/echo/x').send({ email: 'a@b.co', note: 'hi' });
    expect(badParam.body.message).toMatch(/^Invalid path: id/);
  });

  it('rejects malformed JSON and bodies over the limit with clear messages', async () => {
    const { app } = build();
    const malformed = await request(app)
      .post('/api/echo/1')
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Request body is not valid JSON.');
    const huge = await request(app)
      .post('/api/echo/1')
      .send({ email: 'a@b.co', note: 'x'.repeat(2000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Request body is too large.');
  });

  it('never leaks an unexpected error, and logs it with the request id', async () => {
    const { app, lines } = build();
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      status: 'error',
      message: 'Something went wrong. Please try again.',
      requestId: res.headers['x-request-id'],
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(
      lines().some(
        (l) => l.msg === 'request failed' && l.requestId === res.headers['x-request-id'],
      ),
    ).toBe(true);
  });

  it('answers a known error with its own status and message', async () => {
    const res = await request(build().app).get('/teapot');
    expect(res.status).toBe(418);
    expect(res.body.message).toBe('I am a teapot');
  });

  it('fails loudly when a handler answers outside its contract', async () => {
    const res = await request(build().app).get('/api/drift');
    expect(res.status).toBe(500);
  });

  it('keeps a sane caller request id, replaces an unsafe one, and logs one line per request', async () => {
    const { app, lines } = build();
    const kept = await request(app).get('/teapot').set('x-request-id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await request(app).get('/teapot').set('x-request-id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines().filter((l) => l.msg === 'request');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      requestId: 'abc-123',
      method: 'GET',
      path: '/teapot',
      status: 418,
      service: 'svc',
    });
    expect(typeof logged[0]?.durationMs).toBe('number');
  });

  it('sets security headers and hides the framework', async () => {
    const res = await request(build().app).get('/teapot');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('lets a page read a chosen video through a blob: URL, and media from nowhere else', async () => {
    const res = await request(build().app).get('/teapot');
    const directives = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/));
    const media = directives.find(([name]) => name === 'media-src');
    expect(media?.slice(1).sort()).toEqual(["'self'", 'blob:']);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await request(build().app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('error');
  });

  it('answers 400 naming the field for a NUL byte or an integer beyond its column, in any part', async () => {
    const { app, lines } = build();
    const nul = await request(app).post('/api/strict/5').send({ note: 'a\u0000b', count: 1 });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(
      'Invalid request body: note: must not contain control characters',
    );
    expect(nul.body.fields).toEqual([
      { field: 'note', message: 'must not contain control characters' },
    ]);
    const huge = await request(app)
      .post('/api/strict/5')
      .send({ note: 'ok', count: 2 ** 31 });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/^Invalid request body: count: /);
    const inPath = await request(app).post('/api/strict/a%00b').send({ note: 'ok', count: 1 });
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toMatch(/^Invalid path: id: /);
    expect(lines().filter((l) => l.level === 50)).toEqual([]);
  });

  it('takes numbers as the numeric strings a form sends, and refuses other text', async () => {
    const { app } = build();
    const ok = await request(app).post('/api/strict/5').send({ note: 'ok', count: '04' });
    expect(ok.body).toEqual({ status: 'success', count: 4 });
    const word = await request(app).post('/api/strict/5').send({ note: 'ok', count: 'four' });
    expect(word.status).toBe(400);
  });

  it('answers 415 to a body that is not JSON, 405 with Allow to a wrong method', async () => {
    const { app } = build();
    const form = await request(app).post('/api/strict/5').type('form').send('note=ok&count=1');
    expect(form.status).toBe(415);
    expect(form.body.message).toBe(JSON_ONLY);
    // /api/login is a published POST: a GET there is the wrong method, not an unknown path.
    const wrong = await request(app).get('/api/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect((await request(app).delete('/api/nowhere')).status).toBe(404);
  });

  it('checks a declared header and hands it to the handler', async () => {
    const { app } = build();
    const missing = await request(app).post('/api/keyed').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([
      { field: 'Idempotency-Key', message: checkoutMessages.idempotencyKeyRequired },
    ]);
    const ok = await request(app).post('/api/keyed').set('idempotency-key', 'k-1').send({});
    expect(ok.body).toEqual({ status: 'success', key: 'k-1' });
  });

  it('logs the path of a request without the ids and tokens in it', async () => {
    const { app, lines } = build();
    await request(app).get('/password-reset/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c');
    await request(app).post('/api/echo/7').send({ email: 'a@b.co', note: 'hi' });
    const paths = lines()
      .filter((l) => l.msg === 'request')
      .map((l) => l.path);
    expect(paths).toEqual(['/password-reset/:id', '/api/echo/:id']);
  });
});
