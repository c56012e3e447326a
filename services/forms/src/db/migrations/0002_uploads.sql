-- Files patients upload (spec 002 sections 3 and 8): one row per signed upload URL handed out,
-- so a file is only ever accepted from the patient it was signed for. checked_at is set once
-- the server read its first bytes and size and found the kind its purpose allows.
create table forms.uploads (
  key text primary key,
  file_name text not null unique,
  user_id integer not null,
  order_id integer,
  purpose text not null check (purpose in ('image', 'video', 'attachment')),
  content_type text not null,
  created_at timestamptz not null,
  checked_at timestamptz,
  size_bytes integer,
  detected_kind text
);
create index uploads_by_user on forms.uploads (user_id, created_at desc);

-- Failed uploads the browser reported (POST /api/log-upload-attempt), for support. No answers
-- are kept, only what the uploader knew of the file and the error.
create table forms.upload_attempts (
  id serial primary key,
  user_id integer not null,
  order_id integer,
  succeeded boolean not null,
  error text,
  user_agent text,
  file_size bigint,
  file_name text,
  image_type text,
  reported_at text,
  created_at timestamptz not null
);
