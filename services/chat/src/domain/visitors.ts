import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatMessages, type ChatUserResponse } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { ServiceRuntime } from '@clinic/kit';
import { visitors } from '../db/schema';
import type { ChatPerson } from './conversations';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Visitors who chat without an account (spec 000: "anonymous visitors who register a chat
 * profile"). Registering gives a fresh profile and a secret token that alone opens its
 * conversation: knowing someone's email never opens theirs. An email that has an account is
 * sent to log in instead ("Existing user found.").
 */
export class Visitors {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly identity: IdentityDirectory,
  ) {}

  async register(profile: {
    first_name: string;
    last_name: string;
    email: string;
  }): Promise<ChatUserResponse> {
    // Asked before the transaction: identity may share the embedded database's one connection.
    if ((await this.identity.userIdByEmail(profile.email)) !== null)
      return { status: 'exists', message: chatMessages.existingUser };
    const token = randomBytes(24).toString('base64url');
    const [row] = await this.runtime.db
      .insert(visitors)
      .values({
        firstName: profile.first_name,
        lastName: profile.last_name,
        email: profile.email,
        tokenHash: hashOf(token),
        createdAt: this.runtime.clock.now(),
      })
      .returning();
    return {
      status: 'success',
      message: chatMessages.profileCreated,
      user: {
        id: row!.id,
        first_name: row!.firstName,
        last_name: row!.lastName,
        email: row!.email,
        chat_token: token,
      },
    };
  }

  /** The visitor a chat token opens, or null. */
  async byToken(token: string): Promise<ChatPerson | null> {
    if (token.length > 128) return null;
    const [row] = await this.runtime.db
      .select()
      .from(visitors)
      .where(eq(visitors.tokenHash, hashOf(token)));
    if (!row) return null;
    return {
      kind: 'visitor',
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
    };
  }
}
