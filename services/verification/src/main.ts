import { runServiceProcess } from '@clinic/kit';
import { verificationService } from './app';

void runServiceProcess(verificationService, () => undefined).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
