import { Router } from 'express';
import request from 'supertest';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidRequestError,
  LockedError,
  NotFoundError,
  PaymentRefusedError,
  TooManyRequestsError,
  UnavailableError,
  UnprocessableError,
  UpstreamFailedError,
  type DomainError,
} from '../domain/errors';
import { memoryLogger } from '../testing/support';
import { createHttpApp, finishApp } from './app';
import { replayedRefusal, statusOfDomainError } from './errors';

function appThrowing(error: Error) {
  const { logger, lines } = memoryLogger('svc');
  const app = createHttpApp({ service: 'svc', logger, bodyLimit: '1kb' });
  const router = Router();
  router.get('/fail', () => {
    throw error;
  });
  app.use(router);
  finishApp(app, logger);
  return { app, lines };
}

describe('domain errors at the HTTP edge', () => {
  it.each<[DomainError, number]>([
    [new InvalidRequestError('We cannot ship to a P.O. Box.', { address_error: true }), 400],
    [new PaymentRefusedError('Your card was declined.', { code: 'card_declined' }), 402],
    [new ForbiddenError('This checkout link belongs to another account.'), 403],
    [new NotFoundError('We could not find your order.'), 404],
    [new ConflictError('This payment is already being processed.'), 409],
    [new GoneError('This code has expired.'), 410],
    [new UnprocessableError('This key was used with another request.'), 422],
    [new LockedError('This card is blocked.', { card_blocked: true }), 423],
    [new UpstreamFailedError('We could not confirm your payment.'), 502],
    [new UnavailableError('Address validation is unavailable.'), 503],
  ])('%s answers %i with its message and details', async (error, status) => {
    const { app, lines } = appThrowing(error);
    const res = await request(app).get('/fail');
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: 'error', message: error.message, ...error.details });
    expect(res.headers['cache-control']).toBe('no-store');
    // A refusal is the caller's business, not an incident: nothing at error level below 500.
    const errors = lines().filter((l) => Number(l.level) >= 50);
    if (status < 500) expect(errors).toEqual([]);
    else expect(errors).toContainEqual(expect.objectContaining({ msg: 'request failed' }));
  });

  it('answers a limit with 429 and Retry-After in whole seconds', async () => {
    const { app } = appThrowing(new TooManyRequestsError('Too many codes.', 61_500));
    const res = await request(app).get('/fail');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('62');
  });

  it('replays a recorded refusal as the same answer', async () => {
    const first = new LockedError('This card is blocked.', { card_blocked: true });
    const replayed = replayedRefusal(statusOfDomainError(first), first.message, first.details);
    const res = await request(appThrowing(replayed).app).get('/fail');
    expect(res.status).toBe(423);
    expect(res.body).toMatchObject({ message: 'This card is blocked.', card_blocked: true });
    expect(() => replayedRefusal(418, 'teapot')).toThrow(/418/);
  });
});
