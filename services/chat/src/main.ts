import { runServiceProcess } from '@clinic/kit';
import { chatService } from './app';

void runServiceProcess(chatService, () => undefined).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
