/**
 * How a stored session's user is read: through the contract (the login's user or a checkout
 * link's), so a user an older build stored in another shape is no session. Its own module, loaded
 * by session.ts only when a session is stored: zod and the identity schemas stay out of the first
 * load of a visitor who is not logged in.
 */
import { cartSessionUserSchema, sessionUserSchema } from '@clinic/contracts';
import type { SessionUser } from './session';

const sessionUser = sessionUserSchema.or(cartSessionUserSchema);

export function readSessionUser(user: unknown): SessionUser | null {
  const parsed = sessionUser.safeParse(user);
  return parsed.success ? parsed.data : null;
}
