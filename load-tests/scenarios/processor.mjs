// Artillery processor functions the scenarios share (config.processor in each YAML file). Each
// virtual user is a new person: a fresh email, tab id, idempotency key, and a client address of
// its own from 198.18.0.0/15 (the range set aside for benchmarks), sent as X-Forwarded-For so
// the per-address limits (30 quizzes an hour) hold per person when the product trusts its
// loopback proxy (TRUST_PROXY=loopback), as it would behind a real one.
import { randomInt, randomUUID } from 'node:crypto';

/** A visitor of the intake funnel, or a guest buyer of the checkout burst. */
export function newPerson(context, _events, done) {
  const id = randomUUID();
  context.vars.visitId = id;
  context.vars.email = `load.${id.slice(0, 13)}@example.com`;
  context.vars.idempotencyKey = randomUUID();
  context.vars.clientAddress = `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  // A valid US line number (not 0000, not 9111): a different phone for each person.
  context.vars.phoneLine = String(randomInt(2000, 9000));
  done();
}

/** The replay of a checkout-new under the same Idempotency-Key answered the first payment. */
export function sameTransaction(context, events, done) {
  const { transactionId, replayedTransactionId } = context.vars;
  if (!transactionId || transactionId !== replayedTransactionId) {
    events.emit('counter', 'checkout.replay_mismatch', 1);
    return done(new Error('a replayed idempotency key answered another transaction'));
  }
  return done();
}
