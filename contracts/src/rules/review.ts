/**
 * The clinician's review and the prescription it writes: how soon the clinic decides, how far a
 * dose schedule and a shipment may reach, how much a clinician may write, and how long a patient
 * has to answer the prescription before it is accepted as written.
 */

/** The clinic's promise to the patient: a decision within 24 hours of a complete assessment. */
export const reviewPromiseHours = 24;

/** Months a prescription's dose schedule may cover (a 12-month plan at most). */
export const maxScheduleMonths = 12;

/** Vials a prescription may supply at once (a 3-month shipment is 3). */
export const maxVials = 12;

/** A clinician's reason, note or message to a patient. */
export const clinicianNoteMax = 2000;

/**
 * Hours a patient has to answer an approved prescription: with no answer by then it is accepted
 * as written (spec 002: "If we don't hear from you within 12 hours, your order will be shipped
 * as written").
 */
export const prescriptionAnswerHours = 12;
