import { runServiceProcess } from '@clinic/kit';
import { identityService } from './app';

// A service process of a cluster never seeds demo accounts: demo data is a single-node affair.
void runServiceProcess(identityService, (config) => ({
  // start:cluster sets PUBLIC_URL to the gateway's address; a lone process assumes the default.
  publicUrl: config.PUBLIC_URL ?? 'http://localhost:3000',
  seedDemoAccounts: false,
})).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
