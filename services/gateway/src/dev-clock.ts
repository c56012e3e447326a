/**
 * /dev/clock: moves the product's clock forward in a test run (NODE_ENV=test only), so a
 * browser test can reach a renewal date. `GET` answers the product's time, `POST /advance`
 * with `{ms}` moves it. Never mounted in development or production.
 */
import express, { Router } from 'express';
import { z } from 'zod';
import { HttpError, describeIssues, type OffsetClock } from '@clinic/kit';

const maxAdvanceMs = 400 * 24 * 60 * 60 * 1000;
const advanceSchema = z.object({ ms: z.number().int().positive().max(maxAdvanceMs) });

export function devClockRouter(clock: OffsetClock): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json({ now: clock.now().toISOString() });
  });
  router.post('/advance', express.json(), (req, res) => {
    const parsed = advanceSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error));
    clock.advance(parsed.data.ms);
    res.json({ now: clock.now().toISOString() });
  });
  return router;
}
