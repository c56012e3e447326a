import { safeError } from './safe-error';

/**
 * Keys whose values are health information, personal identifiers or secrets. They are replaced
 * wherever they appear in a logged object, at any depth, so a new payload cannot leak PHI by
 * accident (BRIEF section 5).
 */
export const redactedKeys: ReadonlySet<string> = new Set(
  [
    // identity and contact
    'first_name',
    'last_name',
    'firstName',
    'lastName',
    'name',
    'email',
    'phone',
    'phone_parts',
    'dob',
    'dobMMDDYYYY',
    'date_of_birth',
    'age',
    'gender',
    'ip_address',
    'ip',
    // address
    'address',
    'address_line_1',
    'address_line_2',
    'addressLine1',
    'addressLine2',
    'city',
    'zip',
    'shippingAddress',
    'billingAddress',
    // health
    'height',
    'heightInInches',
    'height_inch',
    'weight',
    'bmi',
    'desired_weight',
    'answers',
    'images',
    'additional_details',
    'special_necessities',
    'allergies',
    'current_meds',
    'current_medical_condition',
    'pregnancy',
    'patientPreference',
    'prescription_data',
    'message',
    'content',
    'reason',
    // secrets
    'password',
    'newPassword',
    'confirmPassword',
    'token',
    'cardToken',
    'code',
    'authorization',
    'cookie',
    'set-cookie',
    'secret',
    'apiKey',
    'card',
    'cardDetails',
    'number',
    'cvc',
  ].map((k) => k.toLowerCase()),
);

const REDACTED = '[redacted]';

export function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = redactedKeys.has(key.toLowerCase()) ? REDACTED : redactDeep(v, depth + 1);
  }
  return out;
}
