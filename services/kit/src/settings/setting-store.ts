/**
 * A business rule kept as data (a price table, the blocked states): one current value per key in
 * the service's `settings` table, and every change in `setting_changes` (who, when, before and
 * after). Guarantees:
 * - a value is stored only when the setting's zod schema accepts it, the same schema the rule's
 *   readers use; a refused value changes nothing;
 * - changes are serial: a change names the version it was made from and is refused (a conflict)
 *   when another change came first, so two admins never overwrite each other unseen;
 * - a change and its history row are one step of the caller's transaction, so the caller can
 *   write its audit line and publish its event in the same commit;
 * - before its first change a setting reads as its seed (version 0), today's values;
 * - a copy kept by another service (`applyCopy`) only moves forward: an older or repeated
 *   version is ignored, so events delivered twice or out of order are harmless.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rows, type Executor } from '../db/database';
import { assertSchemaName } from '../db/migrate';
import { ConflictError, InvalidRequestError } from '../domain/errors';

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  /** Its name in the table, e.g. `state-rules`. */
  key: string;
  schema: S;
  /** The value before any change: today's rules. */
  seed: z.infer<S>;
}

export function defineSetting<S extends z.ZodType>(
  def: SettingDefinition<S>,
): SettingDefinition<S> {
  if (!/^[a-z]+(-[a-z]+)*$/.test(def.key))
    throw new Error(`Setting key "${def.key}" must be kebab-case`);
  def.schema.parse(def.seed);
  return def;
}

export interface SettingValue<T> {
  version: number;
  value: T;
}

export interface SettingChange<T> {
  version: number;
  before: T;
  after: T;
  changedAt: Date;
  changedBy: { id: number; name: string | null };
}

interface ChangeRow {
  version: number;
  before: unknown;
  after: unknown;
  changed_at: string | Date;
  changed_by_id: number;
  changed_by_name: string | null;
}

const parsedJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export class SettingStore<S extends z.ZodType> {
  constructor(
    private readonly schemaName: string,
    readonly definition: SettingDefinition<S>,
  ) {
    assertSchemaName(schemaName);
  }

  private get settings() {
    return sql`${sql.identifier(this.schemaName)}.settings`;
  }

  private get changes() {
    return sql`${sql.identifier(this.schemaName)}.setting_changes`;
  }

  async read(executor: Executor): Promise<SettingValue<z.infer<S>>> {
    const [row] = await rows<{ version: number; value: unknown }>(
      executor,
      sql`select version, value from ${this.settings} where key = ${this.definition.key}`,
    );
    if (!row) return { version: 0, value: this.definition.seed };
    return { version: row.version, value: this.definition.schema.parse(parsedJson(row.value)) };
  }

  /** The version the table holds, for a cache to see whether it must read the value again. */
  async version(executor: Executor): Promise<number> {
    const [row] = await rows<{ version: number }>(
      executor,
      sql`select version from ${this.settings} where key = ${this.definition.key}`,
    );
    return row?.version ?? 0;
  }

  /**
   * Replaces the value, made from `fromVersion`. Throws InvalidRequestError when the schema
   * refuses it (its first issue as the message) and ConflictError when the setting changed since.
   */
  async change(
    tx: Executor,
    change: { value: unknown; fromVersion: number; by: { id: number; name?: string | null } },
  ): Promise<SettingChange<z.infer<S>>> {
    const parsed = this.definition.schema.safeParse(change.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new InvalidRequestError(`${where}${issue?.message ?? 'Invalid value'}`);
    }
    // The seed row first, so that the first change also has a row to lock.
    await tx.execute(
      sql`insert into ${this.settings} (key, version, value)
          values (${this.definition.key}, 0, ${JSON.stringify(this.definition.seed)}::jsonb)
          on conflict (key) do nothing`,
    );
    const [current] = await rows<{ version: number; value: unknown }>(
      tx,
      sql`select version, value from ${this.settings} where key = ${this.definition.key} for update`,
    );
    if (!current || current.version !== change.fromVersion)
      throw new ConflictError(
        'These rules were changed by someone else since you opened them. Reload and try again.',
        { version: current?.version ?? 0 },
      );
    const version = current.version + 1;
    await tx.execute(
      sql`update ${this.settings}
             set version = ${version}, value = ${JSON.stringify(parsed.data)}::jsonb, changed_at = now()
           where key = ${this.definition.key}`,
    );
    const [stored] = await rows<ChangeRow>(
      tx,
      sql`insert into ${this.changes}
            (key, version, before, after, changed_at, changed_by_id, changed_by_name)
          values (${this.definition.key}, ${version}, ${JSON.stringify(parsedJson(current.value))}::jsonb,
                  ${JSON.stringify(parsed.data)}::jsonb, now(), ${change.by.id}, ${change.by.name ?? null})
          returning version, before, after, changed_at, changed_by_id, changed_by_name`,
    );
    return this.changeOf(stored!);
  }

  /** The changes, newest first. */
  async history(executor: Executor, limit = 50): Promise<SettingChange<z.infer<S>>[]> {
    const found = await rows<ChangeRow>(
      executor,
      sql`select version, before, after, changed_at, changed_by_id, changed_by_name
            from ${this.changes} where key = ${this.definition.key}
           order by version desc limit ${limit}`,
    );
    return found.map((r) => this.changeOf(r));
  }

  /**
   * Keeps another service's copy of the setting: stores `value` as `version` when that is newer
   * than the copy. Returns whether it did.
   */
  async applyCopy(tx: Executor, version: number, value: unknown): Promise<boolean> {
    const parsed = this.definition.schema.parse(value);
    const applied = await rows<{ version: number }>(
      tx,
      sql`insert into ${this.settings} (key, version, value)
          values (${this.definition.key}, ${version}, ${JSON.stringify(parsed)}::jsonb)
          on conflict (key) do update set version = excluded.version, value = excluded.value,
                                          changed_at = now()
          where ${this.settings}.version < excluded.version
          returning version`,
    );
    return applied.length === 1;
  }

  private changeOf(row: ChangeRow): SettingChange<z.infer<S>> {
    return {
      version: row.version,
      before: this.definition.schema.parse(parsedJson(row.before)),
      after: this.definition.schema.parse(parsedJson(row.after)),
      changedAt: new Date(row.changed_at),
      changedBy: { id: row.changed_by_id, name: row.changed_by_name },
    };
  }
}
