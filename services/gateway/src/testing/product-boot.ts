/**
 * How long a test may take to boot the whole product: every service on a fresh embedded
 * database, each running all its migrations, on a loaded 2-core machine.
 */
export const productBootMs = 120_000;
