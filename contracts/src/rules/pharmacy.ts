/** The pharmacy's rules: the reship window after delivery, and what a reason may hold. */

/** A reship request may be made this many days after delivery (spec 002, stated; enforced here). */
export const reshipWindowDays = 7;

/** The reason's limit (spec 002: max 1000 characters). */
export const reshipReasonMax = 1000;

/** The pharmacist's pause reason, emailed to the patient. */
export const pauseReasonMax = 1000;
