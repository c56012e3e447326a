import { hashPassword, spendPasswordCheck, stopPasswordWorkers, verifyPassword } from './argon2id';

afterAll(() => stopPasswordWorkers());

describe('argon2id password hashing', () => {
  it('stores a PHC string with the OWASP parameters and a random salt', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('verifies non-ASCII passwords byte for byte', async () => {
    const hash = await hashPassword('pässwörd ✓ 密码');
    await expect(verifyPassword('pässwörd ✓ 密码', hash)).resolves.toBe(true);
    await expect(verifyPassword('passwörd ✓ 密码', hash)).resolves.toBe(false);
  });

  it('refuses malformed or unreasonable stored hashes without throwing', async () => {
    const hash = await hashPassword('secret-secret');
    await expect(
      verifyPassword('secret-secret', hash.replace('argon2id', 'argon2i')),
    ).resolves.toBe(false);
    await expect(verifyPassword('secret-secret', 'plain-text')).resolves.toBe(false);
    await expect(
      verifyPassword('secret-secret', hash.replace('m=19456', 'm=99999999')),
    ).resolves.toBe(false);
  });

  it('spends a real verification on accounts that do not exist', async () => {
    const started = Date.now();
    await spendPasswordCheck('anything');
    await spendPasswordCheck('anything');
    // The decoy check hashes like a real login; it cannot be a no-op.
    expect(Date.now() - started).toBeGreaterThan(10);
  });

  it('keeps the event loop free while hashing (worker threads)', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    await Promise.all([hashPassword('a-password-1'), hashPassword('a-password-2')]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
