import { baseConfigSchema, loadConfig, openEngines } from '@clinic/kit';
import { infraEnv } from '@clinic/kit/src/testing/infra-env';
import { startServiceForTest } from '@clinic/kit/src/testing/service-app';
import { silentLogger } from '@clinic/kit/src/testing/support';
import { checkoutService } from '../../app';
import { cardProcessorContract } from '../card-processor.contract';
import { sandboxUnderTest } from './sandbox-under-test';

// On a PostgreSQL server two requests with one idempotency key really run at the same time.
cardProcessorContract('Sandbox on PostgreSQL', async () => {
  const engines = await openEngines(
    loadConfig(baseConfigSchema, { DATABASE_URL: infraEnv().DATABASE_URL }),
    { processName: 'sandbox-test', logger: silentLogger },
  );
  const service = await startServiceForTest(checkoutService, {}, { engines });
  return {
    ...(await sandboxUnderTest(service)),
    close: async () => {
      await service.close();
      await engines.close();
    },
  };
});
