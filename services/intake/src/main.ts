import { runServiceProcess } from '@clinic/kit';
import { intakeService } from './app';

void runServiceProcess(intakeService, () => undefined).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
