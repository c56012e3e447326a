import { z } from 'zod';
import type { PgliteDatabase } from '../db/pglite-database';
import { kitMigrations } from '../db/kit-migrations';
import { ConflictError, InvalidRequestError } from '../domain/errors';
import { openTestDatabase } from '../testing/test-database';
import { SettingCache } from './setting-cache';
import { defineSetting, SettingStore } from './setting-store';

const blockedStates = defineSetting({
  key: 'blocked-states',
  schema: z.object({ states: z.array(z.string().regex(/^[A-Z]{2}$/, 'Unknown state code')) }),
  seed: { states: ['LA', 'MS', 'AL'] },
});
const admin = { id: 7, name: 'Ada Admin' };

describe('a business rule kept as data', () => {
  let database: PgliteDatabase;
  let owner: SettingStore<typeof blockedStates.schema>;
  let copy: SettingStore<typeof blockedStates.schema>;

  beforeAll(async () => {
    database = await openTestDatabase([
      { schema: 'owner', migrations: kitMigrations('owner') },
      { schema: 'reader', migrations: kitMigrations('reader') },
    ]);
    owner = new SettingStore('owner', blockedStates);
    copy = new SettingStore('reader', blockedStates);
  });
  afterAll(() => database.close());

  it('reads as its seed before any change, then as each change, with who, before and after', async () => {
    expect(await owner.read(database.db)).toEqual({
      version: 0,
      value: { states: ['LA', 'MS', 'AL'] },
    });
    const first = await database.transaction((tx) =>
      owner.change(tx, { value: { states: ['LA', 'MS'] }, fromVersion: 0, by: admin }),
    );
    expect(first).toMatchObject({
      version: 1,
      before: { states: ['LA', 'MS', 'AL'] },
      after: { states: ['LA', 'MS'] },
      changedBy: admin,
    });
    await database.transaction((tx) =>
      owner.change(tx, { value: { states: ['LA', 'MS', 'TX'] }, fromVersion: 1, by: { id: 8 } }),
    );
    expect(await owner.read(database.db)).toEqual({
      version: 2,
      value: { states: ['LA', 'MS', 'TX'] },
    });
    expect((await owner.history(database.db)).map((c) => [c.version, c.changedBy.id])).toEqual([
      [2, 8],
      [1, 7],
    ]);
  });

  it('refuses a value its schema refuses, and a change made from an old version; neither changes anything', async () => {
    const before = await owner.read(database.db);
    await expect(
      database.transaction((tx) =>
        owner.change(tx, { value: { states: ['XX1'] }, fromVersion: before.version, by: admin }),
      ),
    ).rejects.toThrow(new InvalidRequestError('states.0: Unknown state code'));
    await expect(
      database.transaction((tx) =>
        owner.change(tx, { value: { states: [] }, fromVersion: before.version - 1, by: admin }),
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await owner.read(database.db)).toEqual(before);
    expect(await owner.history(database.db)).toHaveLength(before.version);
  });

  it('keeps a copy that only moves forward, whatever order the versions arrive in', async () => {
    expect(await database.transaction((tx) => copy.applyCopy(tx, 2, { states: ['LA'] }))).toBe(
      true,
    );
    expect(await database.transaction((tx) => copy.applyCopy(tx, 2, { states: ['LA'] }))).toBe(
      false,
    );
    expect(await database.transaction((tx) => copy.applyCopy(tx, 1, { states: ['MS'] }))).toBe(
      false,
    );
    expect(await copy.read(database.db)).toEqual({ version: 2, value: { states: ['LA'] } });
    expect(await database.transaction((tx) => copy.applyCopy(tx, 3, { states: [] }))).toBe(true);
    expect(await copy.read(database.db)).toEqual({ version: 3, value: { states: [] } });
  });

  it('a process sees a change made elsewhere once its view is older than its max age, and rereads the value only when it moved', async () => {
    let now = 0;
    const cache = new SettingCache(owner, database, { maxAgeMs: 1000, now: () => now });
    const seen = await cache.get();
    await database.transaction((tx) =>
      owner.change(tx, { value: { states: ['AL'] }, fromVersion: seen.version, by: admin }),
    );
    now = 999;
    expect(await cache.get()).toEqual(seen);
    now = 1001;
    expect(await cache.get()).toEqual({ version: seen.version + 1, value: { states: ['AL'] } });
    // Unchanged, a later check asks for the version only: the value read stays the same object.
    const held = await cache.get();
    now = 2500;
    expect(await cache.get()).toBe(held);
  });
});
