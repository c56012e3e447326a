import { identityDirectoryContract } from './identity-directory.suite';
import { createLocalIdentityDirectory } from './local-identity-directory';
import { testPublicUrl } from '../testing/identity-harness';

identityDirectoryContract('in-process', async (identity) => ({
  directory: createLocalIdentityDirectory(identity.service.runtime, {
    publicUrl: testPublicUrl,
    seedDemoAccounts: false,
  }),
  close: async () => undefined,
}));
