/** What identity needs from the process that runs it. */
export interface IdentityDeps {
  /** Where the web app is served; emailed links point there. */
  publicUrl: string;
  /** Creates the demo staff and patient accounts (single-node demo runs only). */
  seedDemoAccounts: boolean;
  /**
   * The SMS provider's auth token (TWILIO_AUTH_TOKEN): inbound texts must carry its signature.
   * Unset, the inbound-SMS webhook trusts its caller (the dev mailbox has no provider).
   */
  smsAuthToken?: string;
  /**
   * The time authenticator apps read, in milliseconds: the wall clock unless a test sets it (the
   * product's test clock moves days ahead; a phone's does not).
   */
  authenticatorNow?: () => number;
}
