import { startServiceForTest } from '@clinic/kit/src/testing/service-app';
import { checkoutService } from '../../app';
import { cardProcessorContract } from '../card-processor.contract';
import { sandboxUnderTest } from './sandbox-under-test';

cardProcessorContract('Sandbox on PGlite', async () => {
  const service = await startServiceForTest(checkoutService, {});
  return { ...(await sandboxUnderTest(service)), close: () => service.close() };
});
