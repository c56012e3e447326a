import { z } from 'zod';
import {
  isCompleteCode,
  forbiddenFormattedPhonePatterns,
  forbiddenPhonePatterns,
  isValidVerificationEmail,
  formattedPhonePattern,
  verificationPhonePattern,
  isValidVerificationPhoneNumber,
} from '../rules/verification';
import { simpleEmailPattern } from '../rules/intake';
import { numeric, rowId, text, usStateCode } from './fields';
import { optionalAddressLine, requiredAddressLine, usZip } from './address';
import { defineRoute } from './route';

/** Spec 000 section 8 (verification), verbatim, and the server's own messages. */
export const verificationMessages = {
  unableToValidate: 'Unable to validate address. Please enter your address manually.',
  saveAddressFailed: 'Failed to save address. Please try again.',
  validateFailed: 'Failed to validate address. Please try again.',
  suggestion: 'We found a suggested correction for your address.',
  checkAddress: 'Please check your address and try again.',
  sendCodeFailed: 'Error sending code. Please try again.',
  sendVerificationCodeFailed: 'Error sending verification code. Please try again.',
  invalidCode: 'Invalid verification code. Please try again.',
  verifyFailed: 'Error verifying code. Please try again.',
  updatePhoneFailed: 'Error updating phone number. Please try again.',
  updateEmailFailed: 'Error updating email address. Please try again.',
  addressUpdated: 'Address updated successfully!',
  // The server's messages where the spec gives none.
  codeSent: 'Verification code sent.',
  phoneVerified: 'Phone number verified.',
  emailVerified: 'Email address verified.',
  skipped: 'Verification skipped.',
  codeExpired: 'This code has expired. Please request a new code.',
  codeUsedUp: 'Too many wrong codes. Please request a new code.',
  noCode: 'Please request a verification code first.',
  tooManySends: 'Too many codes requested. Please try again later.',
  tooManyFailures: 'Too many wrong codes. Please try again later.',
  resendWait: (seconds: number) => `Resend available in ${seconds} seconds.`,
  alreadyVerified: 'This contact is already verified.',
  phoneUpdated: 'Phone number updated.',
  emailUpdated: 'Email address updated.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidEmail: 'Please enter a valid email address.',
  emailTaken: 'This email address is already in use.',
  otherAccount: 'You can only verify your own account.',
  noPhone: 'There is no phone number on your account. Please add one.',
} as const;

/**
 * Spec 000 section 3, "Shipping address" and the verification form: line 1, city, state and zip
 * required, line 2 optional, both lines 256 characters at most, the state from the US list.
 */
export const shippingAddressSchema = z.object({
  address_line_1: requiredAddressLine('Address line is required'),
  address_line_2: optionalAddressLine()
    .nullish()
    .transform((v) => (v ? v : null)),
  city: requiredAddressLine('City is required'),
  state: usStateCode('Choose a US state'),
  zip: usZip(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
/** An address as the server answers it (already standardised). */
export const shippingAddressOutSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type ShippingAddressOut = z.infer<typeof shippingAddressOutSchema>;

/** What the validator found wrong, field by field, in the patient's words. */
export const addressProblemSchema = z.object({
  field: z.enum(['address_line_1', 'address_line_2', 'city', 'state', 'zip']),
  message: z.string(),
});

/** `valid`: deliverable as written (after standardisation); `suggestions`: corrected forms. */
export const addressValidationSchema = z.object({
  valid: z.boolean(),
  suggestions: z.array(shippingAddressOutSchema),
  /** The address in USPS Publication 28 form, when it could be standardised. */
  standardized: shippingAddressOutSchema.nullable(),
  problems: z.array(addressProblemSchema),
});
export type AddressValidation = z.infer<typeof addressValidationSchema>;

export const validateStoredAddress = defineRoute({
  method: 'get',
  path: '/api/address/validate/:userId',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Validates the caller's stored shipping address (the id must be the caller's): data.valid and data.suggestions; valid false when none is stored.",
  params: z.object({ userId: numeric(rowId()) }),
  response: z.object({
    status: z.literal('success'),
    data: addressValidationSchema.extend({ address: shippingAddressOutSchema.nullable() }),
  }),
});

export const validateAddress = defineRoute({
  method: 'post',
  path: '/api/address/validate',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    'Validates an address: valid, suggestions (USPS Publication 28 form), the problems found and a message.',
  body: shippingAddressSchema,
  response: addressValidationSchema.extend({
    status: z.literal('success'),
    message: z.string().nullable(),
  }),
});

export const saveShipAddress = defineRoute({
  method: 'post',
  path: '/api/ship-address',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Saves the caller's shipping address in standard form; refuses P.O. boxes and a ZIP code that does not exist or is not in the state (400, nothing saved).",
  body: shippingAddressSchema,
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    address: shippingAddressOutSchema,
  }),
});

export const getShipAddress = defineRoute({
  method: 'get',
  path: '/api/ship-address',
  service: 'verification',
  auth: 'patient',
  // The portal's Profile reads it; a checkout link's session is shown no stored address.
  summary: "The caller's shipping address, or null when none is stored.",
  response: z.object({ status: z.literal('success'), data: shippingAddressOutSchema.nullable() }),
});

/** 1 the phone, 2 the email; a path parameter arrives as a string. */
const verificationType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], {
    error: 'Use type 1 (phone) or 2 (email)',
  })
  .transform((type) => Number(type) as 1 | 2);

export const sendCode = defineRoute({
  method: 'post',
  path: '/api/send-code/:type',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Sends a new 4-digit code to the caller's phone (1) or email (2); the old one stops working. 429 within 60 s of the last send to the same address or past the hourly cap.",
  params: z.object({ type: verificationType }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    /** Seconds until another code may be sent. */
    resend_in: z.number().int(),
    /** Where it went, masked (`***-***-1234`, `j***@example.com`). */
    sent_to: z.string(),
  }),
});

export const verifyCode = defineRoute({
  method: 'post',
  path: '/api/verify-code',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    "Checks the caller's latest code of a type. A wrong code answers 422 with attempts_left and skip_suggested; an expired or used-up code 410; past the hourly failure cap 429.",
  body: z.object({
    type: verificationType,
    /** Four digits; a number keeps its four digits only from 1000 up ("0042" must be a string). */
    code: z
      .union(
        [z.string().regex(/^\d{4}$/, 'The code is 4 digits'), z.number().int().min(1000).max(9999)],
        {
          error: 'The code is 4 digits',
        },
      )
      .transform(String)
      .refine(isCompleteCode, 'The code is 4 digits'),
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const skipVerification = defineRoute({
  method: 'post',
  path: '/api/skip-verification',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary:
    'Records that the caller skipped the phone (1) or email (2) verification ("Skip verification"), for staff to see.',
  body: z.object({ type: verificationType }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const verificationStateSchema = z.object({
  status: z.enum(['pending', 'verified', 'skipped']),
  /** When it was verified or skipped. */
  at: z.string().nullable(),
});

export const verificationStatus = defineRoute({
  method: 'get',
  path: '/api/verification-status',
  service: 'verification',
  auth: 'patient',
  allowCartSession: true,
  summary: "The caller's phone and email verification state (pending, verified or skipped, when).",
  response: z.object({
    status: z.literal('success'),
    phone: verificationStateSchema,
    email: verificationStateSchema,
  }),
});

export const updatePhone = defineRoute({
  method: 'post',
  path: '/api/update-phone',
  service: 'verification',
  auth: 'patient',
  summary:
    "Changes the caller's phone (10 digits; area and prefix not starting with 0 or 1, not 911; line not 0000 or 9111) in their account; the old phone code stops working.",
  body: z.object({
    /** Spec 000: a 10-digit string (area and prefix 2-9 then two digits, not 911; line not 0000 or 9111). */
    phone: z
      .union(
        [
          z
            .string()
            .regex(verificationPhonePattern)
            .meta({ not: { anyOf: forbiddenPhonePatterns.map((p) => ({ pattern: p.source })) } }),
          // The same number as people write it: "(469) 555-0113".
          z
            .string()
            .regex(formattedPhonePattern)
            .meta({
              not: { anyOf: forbiddenFormattedPhonePatterns.map((p) => ({ pattern: p.source })) },
            }),
        ],
        { error: verificationMessages.invalidPhone },
      )
      .transform((phone) => phone.replace(/\D/g, ''))
      .refine(isValidVerificationPhoneNumber, verificationMessages.invalidPhone),
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});

export const updateEmail = defineRoute({
  method: 'post',
  path: '/api/update-email',
  service: 'verification',
  auth: 'patient',
  summary:
    "Changes the caller's email (simple pattern, no spaces) in their account; 409 when another account has it; the old email code stops working.",
  body: z.object({
    email: text(256)
      .trim()
      .regex(simpleEmailPattern, verificationMessages.invalidEmail)
      .toLowerCase()
      .refine(isValidVerificationEmail, verificationMessages.invalidEmail),
  }),
  response: z.object({ status: z.literal('success'), message: z.string() }),
});
