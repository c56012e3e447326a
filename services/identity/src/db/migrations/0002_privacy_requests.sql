-- Consumer privacy requests from the CCPA Opt-Out page (CCPA/CPRA and the other state privacy
-- laws). The privacy team works them from here; the law gives 45 days to respond, and the
-- records of requests and responses must be kept 24 months (Cal. Code Regs. tit. 11, 7101).
-- Anyone may file one, with or without an account, so nothing links it to identity.users: the
-- team matches the person when it verifies the request.
create table identity.privacy_requests (
  id uuid primary key,
  -- Quoted by the consumer and the team: 'PR-' and 8 characters of Crockford base32.
  reference text not null unique check (reference ~ '^PR-[0-9A-HJKMNP-TV-Z]{8}$'),
  request_type text not null check (
    request_type in ('do_not_sell_or_share', 'limit_sensitive', 'access', 'delete', 'correct')
  ),
  name text not null check (length(name) between 1 and 120),
  -- Stored lower-case like accounts' emails, so a match with an account is a plain comparison.
  email text not null check (email = lower(email) and length(email) between 3 and 256),
  state text not null check (state ~ '^[A-Z]{2}$'),
  details text not null default '' check (length(details) <= 2000),
  -- The requester confirmed being the consumer or the consumer's authorized agent.
  confirmed boolean not null check (confirmed),
  status text not null default 'received'
    check (status in ('received', 'in_progress', 'completed', 'denied')),
  received_at timestamptz not null,
  respond_by timestamptz not null check (respond_by > received_at),
  closed_at timestamptz
);
create index privacy_requests_open_by_due on identity.privacy_requests (respond_by)
  where status in ('received', 'in_progress');
create index privacy_requests_by_email on identity.privacy_requests (email);
