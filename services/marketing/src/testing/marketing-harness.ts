/**
 * Marketing on in-memory engines with the real identity service beside it (in-process, as in
 * single-node mode): its tests log staff in for real, to open the live feed's sockets.
 */
import { ManualClock } from '@clinic/kit';
import { startServiceForTest, type ServiceUnderTest } from '@clinic/kit/testing';
import { createLocalIdentityDirectory } from '@clinic/identity';
import { startIdentity, testPublicUrl, type IdentityHarness } from '@clinic/identity/testing';
import { marketingService } from '../app';

export interface MarketingHarness {
  service: ServiceUnderTest;
  identity: IdentityHarness;
  close(): Promise<void>;
}

export async function startMarketing(
  opts: { clock?: ManualClock; liveSessionSweepMs?: number } = {},
): Promise<MarketingHarness> {
  const identity = await startIdentity({
    clock: opts.clock ?? new ManualClock('2026-11-20T18:00:00.000Z'),
  });
  const directory = createLocalIdentityDirectory(identity.service.runtime, {
    publicUrl: testPublicUrl,
    seedDemoAccounts: false,
  });
  const service = await startServiceForTest(
    marketingService,
    { identity: directory, liveSessionSweepMs: opts.liveSessionSweepMs },
    { engines: identity.service.engines },
  );
  return {
    service,
    identity,
    close: async () => {
      await service.close();
      await identity.close();
    },
  };
}
