import type { IdentityDirectory } from '@clinic/identity-client';

/** What the marketing service is given: identity checks the live feed's sessions. */
export interface MarketingDeps {
  identity: IdentityDirectory;
  /** Cluster mode: the live feed reaches every marketing process's sockets through Redis. */
  redisUrl?: string;
  /** How often the live feed's sockets' sessions are re-checked (ms; 30 s unless given). */
  liveSessionSweepMs?: number;
}
