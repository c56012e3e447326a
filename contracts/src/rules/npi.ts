/**
 * The National Provider Identifier of a clinician (the doctor profile of spec 002: name, npi, bio,
 * image): ten digits whose last is a check digit. CMS defines it as the Luhn check digit of the
 * first nine digits prefixed with "80840" (the card issuer prefix of US health applications), so
 * a whole NPI is valid when "80840" followed by its ten digits passes the Luhn check.
 */

/** The prefix CMS puts before an NPI's digits for its Luhn check. */
const npiLuhnPrefix = '80840';

/** True for exactly ten ASCII digits whose last is the NPI check digit of the first nine. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  return passesLuhn(npiLuhnPrefix + npi);
}

/** The Luhn check: from the right, every second digit doubled (less 9 above 9); sum ends in 0. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
