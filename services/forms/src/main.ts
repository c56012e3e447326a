import { runServiceProcess } from '@clinic/kit';
import { formsService } from './app';

void runServiceProcess(formsService, () => undefined).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
