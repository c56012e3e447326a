import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const infra = join(__dirname, '..', '..', '..', '..', 'infra', 'local');

/** Stops one of infra/local's engines (`down.sh <engine>`: a clean shutdown, data kept). */
export function stopEngine(engine: 'postgres' | 'redis'): void {
  execFileSync('bash', [join(infra, 'down.sh'), engine], { stdio: 'ignore', timeout: 90000 });
}

/** Starts whatever of infra/local's engines is stopped again (`up.sh`, idempotent). */
export function startEngines(): void {
  execFileSync('bash', [join(infra, 'up.sh')], { stdio: 'ignore', timeout: 300000 });
}
