/**
 * Contracts own the one list of services (issue 27): every service folder that runs as a process
 * or owns a schema is in it, and ESLint, the cluster script and the gateway's configuration read
 * it instead of listing the services again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { backendServices, serviceNames, serviceUrlVariable } from './services';

const repoRoot = join(__dirname, '..', '..');
const servicesDir = join(repoRoot, 'services');

describe('the list of services', () => {
  it('names every service folder that runs as a process or owns a schema, and no other', () => {
    const folders = readdirSync(servicesDir).filter(
      (name) =>
        existsSync(join(servicesDir, name, 'src', 'main.ts')) ||
        existsSync(join(servicesDir, name, 'src', 'db', 'migrations')),
    );
    expect([...folders].sort()).toEqual([...serviceNames].sort());
    expect(serviceNames).toEqual([...backendServices, 'gateway']);
    expect(serviceUrlVariable('fulfillment')).toBe('FULFILLMENT_URL');
  });

  it.each(['eslint.config.mjs', 'scripts/start-cluster.mjs', 'services/gateway/src/config.ts'])(
    '%s reads it instead of naming the services itself',
    (file) => {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      const named = backendServices.filter(
        (name) => text.includes(`'${name}'`) || text.includes(`${name.toUpperCase()}_URL`),
      );
      expect(named).toEqual([]);
      expect(text).toContain('@clinic/contracts');
    },
  );
});
