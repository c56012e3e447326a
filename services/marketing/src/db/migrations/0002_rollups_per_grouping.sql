-- The roll-up kept per grouping (issue 28): each person's share is added once under every
-- grouping the funnel page offers (all, source, medium, campaign, offer, state), so a query for
-- one grouping reads only that grouping's rows, a few per day and value, never the facts. The
-- weekly cohorts of leads are kept the same way. The service makes both again from
-- funnel_facts when it starts and finds them empty (domain/funnel-rebuild.ts).
DROP TABLE marketing.daily_steps;
DROP TABLE marketing.person_steps;

-- What each person adds now: one row per day, step, plan term and reason they reached it on,
-- with their attribution (first campaign and state, offer) and their cohort: the Monday of the
-- Pacific week of their first qualified lead (none for a lead never qualified).
CREATE TABLE marketing.person_steps (
  person_key text NOT NULL,
  day date NOT NULL,
  step text NOT NULL,
  source text NOT NULL,
  medium text NOT NULL,
  campaign text NOT NULL,
  offer text NOT NULL,
  state text NOT NULL,
  cohort_week date,
  payment_terms integer NOT NULL,
  reason text NOT NULL,
  people integer NOT NULL,
  events integer NOT NULL,
  amount_cents bigint NOT NULL
);
CREATE INDEX person_steps_person ON marketing.person_steps (person_key);

-- People (on the day they first reached the step), events and cents per day, step and grouping
-- value; dimension 'all' (value '') is the whole funnel.
CREATE TABLE marketing.funnel_days (
  dimension text NOT NULL,
  value text NOT NULL,
  day date NOT NULL,
  step text NOT NULL,
  payment_terms integer NOT NULL,
  reason text NOT NULL,
  people integer NOT NULL,
  events integer NOT NULL,
  amount_cents bigint NOT NULL,
  PRIMARY KEY (dimension, day, step, value, payment_terms, reason)
);

-- People of each weekly lead cohort who reached each step, ever, per grouping value.
CREATE TABLE marketing.funnel_cohorts (
  dimension text NOT NULL,
  value text NOT NULL,
  cohort_week date NOT NULL,
  step text NOT NULL,
  people integer NOT NULL,
  PRIMARY KEY (dimension, cohort_week, step, value)
);
