import { sql } from 'drizzle-orm';
import { infraEnv } from '../testing/infra-env';
import { uniqueWord } from '../testing/support';
import { rows } from './database';
import { kitMigrations } from './kit-migrations';
import { migrate } from './migrate';
import { PostgresDatabase } from './postgres-database';
import { grantServiceRole, serviceRole } from './roles';
import { describeServiceRolesContract } from './roles.suite';

describeServiceRolesContract('PostgreSQL server', () =>
  PostgresDatabase.open(infraEnv().DATABASE_URL),
);

// Cluster mode: the service logs in as its role (infra/ creates the user), migrations ran as
// the owner through MIGRATION_DATABASE_URL.
describe('a service logged in as its own user', () => {
  it("works on its schema and cannot read another's", async () => {
    const owner = await PostgresDatabase.open(infraEnv().DATABASE_URL);
    const [mine, theirs] = [`l_${uniqueWord()}`, `l_${uniqueWord()}`];
    const role = serviceRole(mine);
    try {
      await owner.scriptTransaction((c) => c.exec(`create role ${role} login password 'local'`));
      for (const schema of [mine, theirs]) {
        await migrate(owner, schema, kitMigrations(schema));
        await grantServiceRole(owner, schema);
      }
      const url = new URL(infraEnv().DATABASE_URL);
      url.username = role;
      url.password = 'local';
      const service = await PostgresDatabase.open(url.toString());
      try {
        const own = service.asRole(role);
        await own.db.execute(sql.raw(`insert into ${mine}.inbox values (gen_random_uuid(), 's')`));
        expect(await rows(own.db, sql.raw(`select subscriber from ${mine}.inbox`))).toEqual([
          { subscriber: 's' },
        ]);
        await expect(own.db.execute(sql.raw(`select * from ${theirs}.inbox`))).rejects.toThrow();
        await expect(own.db.execute(sql.raw(`truncate ${mine}.audit_trail`))).rejects.toThrow();
      } finally {
        await service.close();
      }
    } finally {
      await owner.scriptTransaction((c) =>
        c.exec(`drop schema ${mine} cascade; drop schema ${theirs} cascade;
          drop owned by ${role}; drop role ${role};
          drop owned by ${serviceRole(theirs)}; drop role ${serviceRole(theirs)};`),
      );
      await owner.close();
    }
  });
});
