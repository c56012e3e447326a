import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fails the run at once, with the fix, when the web app has not been built. */
export default function globalSetup(): void {
  const index = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `The web app is not built (${index} is missing): run \`npm run build -w @clinic/web\`, ` +
        'or use `npm run test:e2e`, which builds it first.',
    );
  }
}
