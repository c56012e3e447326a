/** What identity needs from the process that runs it. */
export interface IdentityDeps {
  /** Where the web app is served; emailed links point there. */
  publicUrl: string;
  /** Creates the demo staff and patient accounts (single-node demo runs only). */
  seedDemoAccounts: boolean;
}
