/**
 * Per-service database roles. Migrations run as the owner (the connection they are given: the
 * embedded engine's superuser, or MIGRATION_DATABASE_URL's user in cluster mode), so every table
 * is owned by it; each service then works as its own role, `<schema>_service`, which may use
 * its schema's tables and nothing else:
 * - no other service's schema (no USAGE on it), no CREATE anywhere, nothing of `_migrations`;
 * - SELECT, INSERT, UPDATE, DELETE on its own tables, but only INSERT and SELECT on its
 *   `audit_trail`; never TRUNCATE, TRIGGER or ownership, so it cannot empty, alter the audit
 *   trail or turn its append-only trigger off.
 * Tables the owner adds to the schema later get the same rights by default. The audit reader
 * role may read every schema's `audit_trail` (for the admin's single trail).
 */
import type { Database } from './database';
import { assertSchemaName } from './migrate';

/** The role a service's work runs as (in cluster mode, the user of its DATABASE_URL). */
export function serviceRole(schema: string): string {
  assertSchemaName(schema);
  return `${schema}_service`;
}

/** May read every service's audit trail, and nothing else. */
export const AUDIT_READER_ROLE = 'audit_reader';

/** Creates `role` (unable to log in) unless it exists: infra/ creates cluster users with logins. */
function ensureRole(role: string): string {
  return `do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${role}') then
        create role "${role}" nologin;
      end if;
    end $$;`;
}

/**
 * Gives the service's role exactly its rights on `schema` as it is now, after its migrations
 * (ServiceRuntime.create), on the owner's connection and under the migrations' lock, so that
 * instances starting together do not grant side by side, and under one lock for the roles, which
 * every service ensures.
 */
export async function grantServiceRole(owner: Database, schema: string): Promise<void> {
  const role = serviceRole(schema);
  const s = `"${schema}"`;
  const r = `"${role}"`;
  await owner.scriptTransaction(async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
    // Roles are the cluster's, not a schema's: every service ensures the audit reader, so services
    // starting together on one PostgreSQL would race to create it (a duplicate key in pg_authid).
    await client.query('select pg_advisory_xact_lock(hashtext($1))', ['roles']);
    await client.exec(`
    ${ensureRole(role)}
    ${ensureRole(AUDIT_READER_ROLE)}
    revoke all on schema ${s} from public;
    grant usage on schema ${s} to ${r}, "${AUDIT_READER_ROLE}";
    grant select, insert, update, delete on all tables in schema ${s} to ${r};
    grant usage, select, update on all sequences in schema ${s} to ${r};
    alter default privileges in schema ${s} grant select, insert, update, delete on tables to ${r};
    alter default privileges in schema ${s} grant usage, select, update on sequences to ${r};
    revoke all on ${s}._migrations from ${r};
    revoke update, delete, truncate, references, trigger on ${s}.audit_trail from ${r};
    grant select on ${s}.audit_trail to "${AUDIT_READER_ROLE}";
  `);
  });
}
