import { runServiceProcess } from '@clinic/kit';
import { checkoutService } from './app';

void runServiceProcess(checkoutService, () => undefined).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
