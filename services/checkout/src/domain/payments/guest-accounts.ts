/**
 * The account a guest's order belongs to (spec 001: guests may check out). An order nobody can
 * log in to is an order nobody can finish, so a payer with no login, on a cart with no patient,
 * says who is buying (`guest`), and identity makes the account from it as it makes the quiz's:
 * no password, a set-password email, a session for the browser.
 *
 * Guarantees:
 * - Before any charge: no buyer details, or an email that already has an account (that buyer
 *   logs in), or identity out of reach: refused, nothing charged or stored.
 * - The account is made only once the card is charged (a declined card leaves none behind), and
 *   idempotently: identity's provisioning is keyed by the email, so settling the same payment
 *   again (a retry, the settle job after a crash) finds the account made the first time.
 * - The browser gets the new account's session from the payment that made it; a repeat of the
 *   payment's key gets a session scoped to the paid cart, which finishes that order and nothing
 *   else (the portal asks for the password the email sets).
 */
import {
  checkoutMessages,
  existingAccountMessage,
  type CheckoutRequest,
  type CheckoutSession,
  type GuestBuyer,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { ConflictError, InvalidRequestError, UnavailableError } from '@clinic/kit';

/** How long the session of a repeated guest payment lasts: a day to finish the order. */
export const guestCartSessionMs = 24 * 60 * 60 * 1000;

/** The account a paid guest order belongs to, and the session made with it (if new). */
export interface GuestAccount {
  userId: number;
  session: CheckoutSession | null;
}

export class GuestAccounts {
  constructor(private readonly identity: IdentityDirectory | undefined) {}

  /** The buyer's details, checked before any charge (see the guarantees above). */
  async buyerOf(body: Pick<CheckoutRequest, 'guest'>): Promise<GuestBuyer> {
    const guest = body.guest;
    if (!guest)
      throw new InvalidRequestError(checkoutMessages.guestDetailsRequired, {
        guest_required: true,
      });
    const identity = this.directory();
    if ((await identity.userIdByEmail(guest.email)) !== null)
      throw new ConflictError(existingAccountMessage, { existing_account: true });
    return guest;
  }

  /**
   * The account of a paid guest order: made now, with its session, or (a second settling of the
   * same payment, or an account that appeared for the email meanwhile) the one the email has.
   */
  async accountFor(guest: GuestBuyer, state: string): Promise<GuestAccount> {
    const account = await this.directory().provisionPatient({
      email: guest.email,
      first_name: guest.first_name.trim(),
      last_name: guest.last_name.trim(),
      phone: guest.phone,
      state,
      gender: '',
      height_inch: null,
      weight: null,
      dob: '',
    });
    return account.created
      ? { userId: account.user.id, session: { ...account.user, token: account.token } }
      : { userId: account.userId, session: null };
  }

  /** A session scoped to the paid cart, for a repeat of a guest's payment. */
  async cartSession(userId: number, cartId: string, now: Date): Promise<CheckoutSession | null> {
    if (!this.identity) return null;
    const { session } = await this.identity.openCartSession({
      userId,
      cartId,
      expiresAt: new Date(now.getTime() + guestCartSessionMs).toISOString(),
    });
    return session ? { ...session.user, token: session.token } : null;
  }

  private directory(): IdentityDirectory {
    if (!this.identity) throw new UnavailableError(checkoutMessages.accountUnavailable);
    return this.identity;
  }
}
