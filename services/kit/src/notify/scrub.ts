/**
 * Removes email addresses and phone numbers from a provider's error text. Transport errors end up
 * in logs and in the job table's last error, and providers like to quote the recipient back
 * ("Invalid 'To' Phone Number: +1555...", "550 <jane@example.com> unknown user"), which would put
 * a patient's contact details there. Short digit groups (status codes like `550 5.1.1`, Twilio's
 * error codes) are kept: only runs of 7 or more digits count as a phone number.
 */
export function scrubContacts(text: string): string {
  return text
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[redacted]')
    .replace(/\+?\d[\d\s().-]*\d/g, (run) =>
      run.replace(/\D/g, '').length >= 7 ? '[redacted]' : run,
    );
}
