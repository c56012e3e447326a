-- Live conversions (issue 28) read today's facts, newest first: an index by time keeps that a
-- read of today's rows, however many days the facts hold.
CREATE INDEX funnel_facts_occurred ON marketing.funnel_facts (occurred_at);
