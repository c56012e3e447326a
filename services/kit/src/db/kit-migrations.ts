import type { Migration } from './migrate';

/**
 * The kit's own tables in every service schema: the transactional outbox, the inbox of handled
 * events, dead letters, the relay's lease, the embedded job queue and the outbox of jobs
 * enqueued after commit for a queue outside the database (see jobs/after-commit.ts).
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
  ];
}
