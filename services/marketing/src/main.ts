import { baseConfigSchema, runServiceProcess } from '@clinic/kit';
import { marketingService } from './app';

void runServiceProcess(marketingService, () => undefined, baseConfigSchema).catch(
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
