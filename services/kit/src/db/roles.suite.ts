import { sql } from 'drizzle-orm';
import { AuditTrail, readAuditTrails } from '../audit/audit-trail';
import { uniqueWord } from '../testing/support';
import { rows, type Database } from './database';
import { kitMigrations } from './kit-migrations';
import { migrate } from './migrate';
import { AUDIT_READER_ROLE, grantServiceRole, serviceRole } from './roles';

/**
 * What per-service roles guarantee, on every Database implementation: run against PGlite
 * (npm test, single-node's one shared engine) and a PostgreSQL server (npm run test:infra).
 * Two services' schemas are migrated as the owner, as ServiceRuntime.create does; each then
 * works as its own role.
 */
export function describeServiceRolesContract(label: string, open: () => Promise<Database>): void {
  describe(`Service roles: ${label}`, () => {
    let owner: Database;
    const word = uniqueWord();
    const clinic = `r_${word}_clinic`;
    const chat = `r_${word}_chat`;
    let asClinic: Database;
    let asChat: Database;
    const at = new Date('2026-11-27T08:00:00.000Z');
    const who = { id: 7, name: 'Casey Clinician', role: 'clinician', ip: '203.0.113.9' };

    beforeAll(async () => {
      owner = await open();
      for (const schema of [clinic, chat]) {
        await migrate(owner, schema, kitMigrations(schema));
        await migrate(owner, schema, [
          {
            name: '0001_notes.sql',
            sql: `create table ${schema}.notes (id serial primary key, body text not null)`,
          },
        ]);
        await grantServiceRole(owner, schema);
      }
      asClinic = owner.asRole(serviceRole(clinic));
      asChat = owner.asRole(serviceRole(chat));
    });
    afterAll(async () => {
      // Roles outlive a database on a server: leave none behind.
      for (const schema of [clinic, chat])
        await owner.scriptTransaction((client) =>
          client.exec(`drop schema ${schema} cascade; drop owned by ${serviceRole(schema)};
            drop role ${serviceRole(schema)};`),
        );
      await owner.close();
    });

    /** The database's words when it refuses `statement`, or 'done'. */
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    const currentUser = async (database: Database) =>
      (await rows<{ who: string }>(database.db, sql`select current_user as who`))[0]?.who;

    it('works on its own tables as its own role, inside and outside transactions', async () => {
      await asClinic.db.execute(sql.raw(`insert into ${clinic}.notes (body) values ('kept')`));
      await asClinic.transaction(async (tx) => {
        await tx.execute(sql.raw(`update ${clinic}.notes set body = 'changed'`));
        expect((await rows<{ who: string }>(tx, sql`select current_user as who`))[0]?.who).toBe(
          serviceRole(clinic),
        );
      });
      expect(await currentUser(asClinic)).toBe(serviceRole(clinic));
      expect(await rows(asClinic.db, sql.raw(`select body from ${clinic}.notes`))).toEqual([
        { body: 'changed' },
      ]);
      await asClinic.db.execute(sql.raw(`delete from ${clinic}.notes`));
    });

    it("cannot read or write another service's schema", async () => {
      await asChat.db.execute(sql.raw(`insert into ${chat}.notes (body) values ('private')`));
      expect(await refusal(asClinic.db.execute(sql.raw(`select * from ${chat}.notes`)))).toMatch(
        /permission denied for schema/,
      );
      expect(
        await refusal(
          asClinic.transaction((tx) =>
            tx.execute(
              sql.raw(`insert into ${chat}.audit_trail (at, staff_id, staff_role, action)
              values (now(), 1, 'x', 'forged')`),
            ),
          ),
        ),
      ).toMatch(/permission denied for schema/);
      expect(await refusal(asClinic.db.execute(sql.raw(`select * from ${chat}.outbox`)))).toMatch(
        /permission denied for schema/,
      );
    });

    it('cannot empty, change or alter its audit trail, nor turn its trigger off', async () => {
      const trail = new AuditTrail(clinic);
      await trail.record(asClinic.db, who, { action: 'case.read', patientId: 42, at });
      const t = `${clinic}.audit_trail`;
      for (const statement of [
        `truncate ${t}`,
        `delete from ${t}`,
        `update ${t} set staff_id = 1`,
        `alter table ${t} disable trigger all`,
        `alter table ${t} disable trigger audit_trail_append_only`,
        `drop trigger audit_trail_append_only on ${t}`,
        `alter table ${t} add column note text`,
        `drop table ${t}`,
      ])
        expect([statement, await refusal(asClinic.db.execute(sql.raw(statement)))]).toEqual([
          statement,
          expect.stringMatching(/permission denied|must be owner/),
        ]);
      // Not even the owner changes a line: the trail is append-only whoever asks.
      expect(await refusal(owner.db.execute(sql.raw(`delete from ${t}`)))).toMatch(/append-only/);
      expect(await refusal(owner.db.execute(sql.raw(`truncate ${t}`)))).toMatch(/append-only/);
      const { entries } = await trail.page(asClinic.db, { patientId: 42, limit: 10 });
      expect(entries.map((e) => [e.action, e.staff, e.ip])).toEqual([
        ['case.read', { id: 7, name: 'Casey Clinician', role: 'clinician' }, '203.0.113.9'],
      ]);
    });

    it('cannot change its schema or its record of migrations', async () => {
      for (const statement of [
        `create table ${clinic}.extra (id integer)`,
        `insert into ${clinic}._migrations (name) values ('forged.sql')`,
        `alter table ${clinic}.notes add column extra text`,
      ])
        expect(await refusal(asClinic.db.execute(sql.raw(statement)))).toMatch(
          /permission denied|must be owner/,
        );
    });

    it("leaves the owner's work as the owner, between and after the services' work", async () => {
      const ownerUser = await currentUser(owner);
      expect(ownerUser).not.toBe(serviceRole(clinic));
      await Promise.all([
        asClinic.db.execute(sql`select 1`),
        asChat.transaction((tx) => tx.execute(sql`select 1`)),
      ]);
      expect(await currentUser(owner)).toBe(ownerUser);
      expect(await currentUser(asChat)).toBe(serviceRole(chat));
      await owner.scriptTransaction(async (client) => {
        expect((await client.query<{ who: string }>('select current_user as who'))[0]?.who).toBe(
          ownerUser,
        );
      });
    });

    it("reads every service's trail as one, as the audit reader", async () => {
      await new AuditTrail(chat).record(
        asChat.db,
        { ...who, name: null, role: 'support' },
        {
          action: 'conversation.read',
          refs: { conversation: 3 },
          at: new Date(at.getTime() + 1000),
        },
      );
      const reader = owner.asRole(AUDIT_READER_ROLE);
      const trail = await readAuditTrails(reader.db, [clinic, chat], { limit: 10 });
      expect(trail.map((e) => [e.service, e.action, e.refs])).toEqual([
        [chat, 'conversation.read', { conversation: 3 }],
        [clinic, 'case.read', {}],
      ]);
      expect(await refusal(reader.db.execute(sql.raw(`select * from ${clinic}.notes`)))).toMatch(
        /permission denied/,
      );
    });
  });
}
