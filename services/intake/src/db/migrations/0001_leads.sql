-- Every quiz submission is a lead, qualified or not: marketing's funnel counts both.
CREATE TABLE intake.leads (
  id serial PRIMARY KEY,
  user_id integer,
  status text NOT NULL CHECK (status IN ('received', 'qualified', 'existing_account', 'disqualified')),
  disqualified_reason text,
  disqualified_at timestamptz,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL,
  state text NOT NULL,
  gender text NOT NULL,
  dob text NOT NULL,
  age integer NOT NULL,
  height_inches integer NOT NULL,
  weight numeric(6, 1) NOT NULL,
  desired_weight numeric(6, 1) NOT NULL,
  bmi numeric(5, 1) NOT NULL,
  agreed_to_text boolean NOT NULL,
  agreed_to_email boolean NOT NULL,
  agreed_to_terms boolean NOT NULL,
  form_step2_agree boolean NOT NULL,
  source_web integer NOT NULL,
  ip_address text,
  user_agent text,
  tracking_session_id text,
  tracking jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX leads_user_id ON intake.leads (user_id, id DESC);
CREATE INDEX leads_created_at ON intake.leads (created_at);
