/** The limits of a US shipping address, the same at checkout and in verification. */

/** Both address lines and the city hold at most this many characters (spec 000 and 001). */
export const addressLineMax = 256;
