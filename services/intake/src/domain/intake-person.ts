/**
 * The server's second look at a quiz submission: the same step rules the browser applied
 * (shared from contracts), then the values derived from the answers (height in inches, BMI,
 * date of birth as MM/DD/YYYY, age), computed here and never taken from the client.
 */
import {
  ageOn,
  bmiOf,
  formatDob,
  heightInInches,
  intakeDisqualification,
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
  const phone = parts.areaCode + parts.prefix + parts.line;
  // The spec's client sends the number twice; two different numbers mean a broken client.
  if (person.phone.replace(/\D/g, '') !== phone)
    return { problem: 'Please enter a complete, valid phone number' };

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
      disqualification: intakeDisqualification({
        state: person.state,
        birthYear: person.dob.yyyy,
        age,
        bmi,
      }),
    },
  };
}
