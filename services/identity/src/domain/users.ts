import { eq } from 'drizzle-orm';
import type { Executor } from '@clinic/kit';
import { users, type UserRow } from '../db/schema';

/** Emails are compared lower-case everywhere; the column only ever holds lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Stores a new password hash; false when the user does not exist. */
export async function storePasswordHash(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
