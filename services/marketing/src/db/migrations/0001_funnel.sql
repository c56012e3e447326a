-- Marketing's funnel (issue 28), built from the product's events alone and rebuilt by replaying
-- funnel_facts. No name, email, phone, answer or order id is kept: people are keyed by the
-- account ('u:<user id>') or, for a lead that never got one, the lead ('l:<lead id>').

-- One row per consumed event that is a funnel step: the log the rebuild replays.
CREATE TABLE marketing.funnel_facts (
  event_id uuid PRIMARY KEY,
  step text NOT NULL,
  person_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  amount_cents bigint NOT NULL DEFAULT 0,
  payment_terms integer NOT NULL DEFAULT 0,
  reason text NOT NULL DEFAULT '',
  offer text NOT NULL DEFAULT '',
  -- A lead's campaign and state ({source, medium, campaign, content, term, hasGclid, hasFbclid,
  -- landingPage, state}); the person's earliest is their attribution.
  campaign jsonb
);
CREATE INDEX funnel_facts_person ON marketing.funnel_facts (person_key, occurred_at);

-- The daily roll-up a funnel query reads (never the facts): people are counted on the day they
-- first reach a step, events and money on each day they happen.
CREATE TABLE marketing.daily_steps (
  day date NOT NULL,
  step text NOT NULL,
  source text NOT NULL,
  medium text NOT NULL,
  campaign text NOT NULL,
  offer text NOT NULL,
  state text NOT NULL,
  payment_terms integer NOT NULL,
  reason text NOT NULL,
  people integer NOT NULL,
  events integer NOT NULL,
  amount_cents bigint NOT NULL,
  PRIMARY KEY (day, step, source, medium, campaign, offer, state, payment_terms, reason)
);

-- What each person adds to daily_steps now, so a late or out-of-order event recomputes that
-- person's share exactly (subtract the old rows, add the new).
CREATE TABLE marketing.person_steps (
  person_key text NOT NULL,
  LIKE marketing.daily_steps,
  PRIMARY KEY (person_key, day, step, source, medium, campaign, offer, state, payment_terms, reason)
);
