import type { Migration } from './migrate';

/**
 * The kit's own tables in every service schema: the transactional outbox, the inbox of handled
 * events, dead letters, the relay's lease, the embedded job queue, the outbox of jobs
 * enqueued after commit for a queue outside the database (see jobs/after-commit.ts), the
 * audit trail of staff reads and steps (see audit/audit-trail.ts) and the business rules kept as
 * data (see settings/setting-store.ts).
 */
export function kitMigrations(schema: string): Migration[] {
  const s = `"${schema}"`;
  return [
    {
      name: 'kit/0001_outbox_inbox_jobs.sql',
      sql: `
        create table ${s}.outbox (
          seq bigserial primary key,
          event_id uuid not null unique,
          name text not null,
          version integer not null,
          aggregate_key text not null,
          envelope jsonb not null,
          created_at timestamptz not null default now(),
          sent_at timestamptz
        );
        create index outbox_unsent on ${s}.outbox (seq) where sent_at is null;

        create table ${s}.relay_lease (
          id integer primary key check (id = 1),
          owner text not null,
          expires_at timestamptz not null
        );

        create table ${s}.inbox (
          event_id uuid not null,
          subscriber text not null,
          handled_at timestamptz not null default now(),
          primary key (event_id, subscriber)
        );

        create table ${s}.dead_letters (
          id bigserial primary key,
          event_id uuid,
          subscriber text not null,
          envelope jsonb not null,
          error text not null,
          attempts integer not null,
          failed_at timestamptz not null default now()
        );

        create table ${s}.jobs (
          id text primary key,
          name text not null,
          payload jsonb not null,
          status text not null default 'waiting'
            check (status in ('waiting', 'active', 'completed', 'dead')),
          run_at timestamptz not null,
          attempts integer not null default 0,
          max_attempts integer not null,
          backoff_ms integer not null,
          lease_until timestamptz,
          last_error text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        );
        create index jobs_due on ${s}.jobs (run_at) where status in ('waiting', 'active');
      `,
    },
    {
      name: 'kit/0002_job_outbox.sql',
      sql: `
        create table ${s}.job_outbox (
          seq bigserial primary key,
          name text not null,
          payload jsonb not null,
          job_id text not null,
          run_at timestamptz not null,
          created_at timestamptz not null default now()
        );
      `,
    },
    {
      // One shape in every schema, so an admin's trail is a union of them (audit-trail.ts).
      // Append-only: the trigger refuses UPDATE, DELETE and TRUNCATE whoever asks, and the
      // service's role may only insert and read (db/roles.ts), so it can neither drop the
      // trigger nor disable it: both need the table's owner, the role migrations run as.
      name: 'kit/0003_audit_trail.sql',
      sql: `
        create table ${s}.audit_trail (
          id bigserial primary key,
          at timestamptz not null,
          staff_id integer not null,
          staff_name text,
          staff_role text not null,
          action text not null,
          patient_id integer,
          order_id integer,
          subject text,
          refs jsonb not null default '{}',
          ip text
        );
        create index audit_trail_by_at on ${s}.audit_trail (at);
        create index audit_trail_by_patient on ${s}.audit_trail (patient_id, id);
        create index audit_trail_by_order on ${s}.audit_trail (order_id, id);
        create index audit_trail_by_staff on ${s}.audit_trail (staff_id, id);

        create function ${s}.audit_trail_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'the audit trail is append-only';
        end;
        $$;
        create trigger audit_trail_append_only before update or delete on ${s}.audit_trail
          for each row execute function ${s}.audit_trail_append_only();
        create trigger audit_trail_never_truncated before truncate on ${s}.audit_trail
          for each statement execute function ${s}.audit_trail_append_only();
      `,
    },
    {
      // A metrics scrape counts dead jobs (and deadLetters() lists them) without reading every
      // completed job the table keeps.
      name: 'kit/0004_jobs_dead_index.sql',
      sql: `create index jobs_dead on ${s}.jobs (updated_at) where status = 'dead';`,
    },
    {
      // Business rules kept as data (settings/setting-store.ts): the current value of each, and
      // every change with who made it and the value before and after.
      name: 'kit/0005_settings.sql',
      sql: `
        create table ${s}.settings (
          key text primary key,
          version integer not null check (version >= 0),
          value jsonb not null,
          changed_at timestamptz not null default now()
        );
        create table ${s}.setting_changes (
          key text not null,
          version integer not null,
          before jsonb not null,
          after jsonb not null,
          changed_at timestamptz not null,
          changed_by_id integer not null,
          changed_by_name text,
          primary key (key, version)
        );
      `,
    },
  ];
}
