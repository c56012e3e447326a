/**
 * The server's second look at a quiz submission: the same step rules the browser applied
 * (shared from contracts), then the values derived from the answers (the phone from its three
 * parts, height in inches, BMI, date of birth as MM/DD/YYYY, age), computed here and never
 * taken from the client.
 */
import {
  ageOn,
  bmiOf,
  formatDob,
  heightInInches,
  intakeDisqualification,
  type StateRules,
  intakeProblem,
  type DisqualificationReason,
  type IntakePerson,
} from '@clinic/contracts';

export interface AssessedLead {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  heightInches: number;
  bmi: number;
  dob: string;
  age: number;
  disqualification: DisqualificationReason | null;
}

/** The first broken rule's message (the spec's text), or the assessed lead. */
export function assessIntakePerson(
  person: IntakePerson,
  today: Date,
  stateRules: StateRules,
): { problem: string } | { lead: AssessedLead } {
  const { phone_parts: parts } = person;
  const problem = intakeProblem(
    {
      agreedToTerms: person.agreed_to_terms,
      state: person.state,
      firstName: person.first_name,
      lastName: person.last_name,
      gender: person.gender,
      phone: parts,
      email: person.email.trim(),
      emailConsent: person.agreed_to_email,
      feet: person.height.foot,
      inches: person.height.inches,
      weight: person.weight,
      dob: person.dob,
      desiredWeight: person.desired_weight,
    },
    today,
  );
  if (problem) return { problem: problem.message };
  // The spec's client sends the number twice; like the other derived values, the server keeps
  // the one it can check (the three boxes) and derives the other.
  const phone = parts.areaCode + parts.prefix + parts.line;

  const inches = heightInInches(person.height.foot, person.height.inches);
  const bmi = bmiOf(person.weight, inches);
  const age = ageOn(person.dob, today);
  return {
    lead: {
      email: person.email.trim().toLowerCase(),
      firstName: person.first_name.trim(),
      lastName: person.last_name.trim(),
      phone,
      heightInches: inches,
      bmi,
      dob: formatDob(person.dob),
      age,
      disqualification: intakeDisqualification(
        { state: person.state, birthYear: person.dob.yyyy, age, bmi },
        stateRules,
      ),
    },
  };
}
