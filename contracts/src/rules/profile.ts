/** The Profile tab's limits (spec 002 section 5). */

/** Spec 002 section 5: weight 1 to 999; height 1 inch to 8 ft 11 in; feet 0-8, inches 0-11. */
export const profileLimits = {
  nameMax: 50,
  emailMax: 256,
  weightMin: 1,
  weightMax: 999,
  heightMinInch: 1,
  feetMax: 8,
  inchesMax: 11,
  zipMax: 10,
} as const;
