import type { Principal } from '@clinic/contracts';

/**
 * The sessions the gateway resolved in the last moments, so a patient's burst of reads (the
 * portal asks for several views at once, and polls) asks identity once. An entry lives
 * `ttlMs` (2 s by default); a logout through this gateway removes it before identity is even
 * asked, so a logout counts on the very next request. What identity revokes on its own (a
 * password reset ending the other sessions, an expiry) counts within `ttlMs`. Unknown tokens
 * are never kept. Bounded: the oldest entries go first. Only patients' sessions are put here
 * (session-auth.ts): staff sessions are asked of identity every time.
 */
export class SessionCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string): Principal | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(token);
    this.entries.set(token, { principal, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(token: string): void {
    this.entries.delete(token);
  }
}
