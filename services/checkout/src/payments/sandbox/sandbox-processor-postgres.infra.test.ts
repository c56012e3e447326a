import { baseConfigSchema, loadConfig, openEngines } from '@clinic/kit';
import { infraEnv, startServiceForTest, silentLogger } from '@clinic/kit/testing';
import { checkoutService } from '../../app';
import { cardProcessorContract } from '../card-processor.suite';
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
