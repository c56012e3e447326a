import { asc, count } from 'drizzle-orm';
import { roles } from '@clinic/contracts';
import { users } from '../db/schema';
import { startIdentity } from '../testing/identity-harness';
import { demoAccounts } from './demo-accounts';

describe('demo accounts', () => {
  it('exist once per role after two boots, and log in with their published passwords', async () => {
    const first = await startIdentity({ deps: { seedDemoAccounts: true } });
    const { engines } = first.service;
    await first.service.runtime.stop();
    const second = await startIdentity({
      deps: { seedDemoAccounts: true },
      engines,
      restart: true,
    });
    try {
      const found = await second.service.runtime.db
        .select({ role: users.role, n: count() })
        .from(users)
        .groupBy(users.role)
        .orderBy(asc(users.role));
      expect(found).toEqual([...roles].sort().map((role) => ({ role, n: 1 })));
      for (const role of roles) {
        const { email, password } = demoAccounts[role];
        const res = await second.post('/api/login', { email, password });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ role, is_admin: role === 'admin' ? 1 : 0 });
      }
    } finally {
      await second.close();
      await engines.close();
    }
  });

  it('are not created unless asked for', async () => {
    const identity = await startIdentity();
    try {
      expect(await identity.count('users')).toBe(0);
    } finally {
      await identity.close();
    }
  });
});
