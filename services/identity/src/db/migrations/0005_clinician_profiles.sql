-- A clinician's professional profile, shown to the patient in Doctor on Demand (spec 002: "Doctor
-- profile: name, npi, bio, image"). Null on every other account and until it is set.

-- The NPI's check digit (CMS): the Luhn check over "80840" followed by the ten digits; the same
-- rule as isValidNpi in contracts/src/rules/npi.ts. A function because a check constraint cannot
-- hold a subquery; the case keeps the digit cast away from anything but ten ASCII digits.
create function identity.is_valid_npi(npi text) returns boolean
language sql immutable strict as $$
  select case
    when npi ~ '^[0-9]{10}$' then (
      select sum(case when i % 2 = 1 then (d * 2) / 10 + (d * 2) % 10 else d end) % 10 = 0
      from (
        select i, substr('80840' || npi, 15 - i, 1)::int as d from generate_series(0, 14) as i
      ) as digits
    )
    else false
  end
$$;

alter table identity.users
  add column npi text check (npi is null or identity.is_valid_npi(npi));
alter table identity.users add column bio text check (bio is null or length(bio) <= 1000);
alter table identity.users
  add column image_url text check (image_url is null or length(image_url) <= 500);
