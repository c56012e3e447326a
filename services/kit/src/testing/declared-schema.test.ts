import {
  bigserial,
  doublePrecision,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { kitMigrations } from '../db/kit-migrations';
import type { PgliteDatabase } from '../db/pglite-database';
import { declaredSchemaDifferences, expectSchemaDeclared, kitTableNames } from './declared-schema';
import { openTestDatabase } from './test-database';

const SCHEMA = 'declared_check';
const migrated = pgSchema(SCHEMA);
const other = pgSchema('declared_other');

// What the migrations below make, declared exactly (the types by other names Drizzle uses).
const widgets = migrated.table('widgets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  weight: doublePrecision('weight'),
  tags: text('tags').array().notNull(),
  madeAt: timestamp('made_at', { withTimezone: true, precision: 3 }).notNull(),
});
const parts = migrated.table('parts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  widgetId: integer('widget_id').notNull(),
  note: text('note'),
});

describe('the check that a Drizzle schema declares the migrated schema', () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await openTestDatabase([
      { schema: SCHEMA, migrations: kitMigrations(SCHEMA) },
      {
        schema: SCHEMA,
        migrations: [
          {
            name: '0001_widgets.sql',
            sql: `
              create table ${SCHEMA}.widgets (
                id serial primary key,
                name character varying(40) not null,
                weight double precision,
                tags text[] not null,
                made_at timestamptz(3) not null
              );
              create table ${SCHEMA}.parts (
                id bigserial primary key,
                widget_id int4 not null references ${SCHEMA}.widgets (id),
                note text
              );`,
          },
        ],
      },
    ]);
  });
  afterAll(() => database.close());

  it('passes a declaration of every table and column, leaving the kit tables out', async () => {
    expect(await declaredSchemaDifferences(database, SCHEMA, [widgets, parts])).toEqual([]);
    await expectSchemaDeclared(database.db, SCHEMA, { widgets, parts, migrated, other: 'x' });
    expect(kitTableNames()).toEqual(
      expect.arrayContaining(['_migrations', 'outbox', 'inbox', 'jobs', 'job_outbox']),
    );
  });

  it('names a column the declaration misses, and a missing table', async () => {
    const { note: _note, ...withoutNote } = {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      widgetId: integer('widget_id').notNull(),
      note: text('note'),
    };
    const partsMissingNote = migrated.table('parts', withoutNote);
    await expect(
      expectSchemaDeclared(database, SCHEMA, [widgets, partsMissingNote]),
    ).rejects.toThrow('column declared_check.parts.note is in the database but not declared');
    expect(await declaredSchemaDifferences(database, SCHEMA, [widgets])).toEqual([
      'table declared_check.parts is in the database but not declared',
    ]);
  });

  it('names a declared column or table the migrations do not make', async () => {
    const extra = migrated.table('parts', {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      widgetId: integer('widget_id').notNull(),
      note: text('note'),
      colour: text('colour'),
    });
    const ghosts = migrated.table('ghosts', { id: serial('id').primaryKey() });
    const elsewhere = other.table('parts', { id: serial('id').primaryKey() });
    expect(
      await declaredSchemaDifferences(database, SCHEMA, [widgets, extra, ghosts, elsewhere]),
    ).toEqual([
      'table declared_other.parts is declared in schema "declared_other"',
      'column declared_check.parts.colour is declared but not in the database',
      'table declared_check.ghosts is declared but not in the database',
    ]);
  });

  it('names a column declared with the wrong nullability or type', async () => {
    const wrong = migrated.table('parts', {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      widgetId: integer('widget_id'),
      note: integer('note'),
    });
    const differences = await declaredSchemaDifferences(database, SCHEMA, [widgets, wrong]);
    expect(differences).toEqual([
      'column declared_check.parts.widget_id is not null in the database but declared nullable',
      'column declared_check.parts.note is text in the database but declared integer (integer)',
    ]);
  });

  it('checks the kit tables too when asked', async () => {
    const differences = await declaredSchemaDifferences(database, SCHEMA, [widgets, parts], {
      includeKitTables: true,
      ignoreTables: ['parts'],
    });
    expect(differences).toContain(
      'table declared_check.outbox is in the database but not declared',
    );
    expect(differences).toContain(
      'table declared_check.parts is declared but ignored by the check',
    );
  });
});
