import type { z } from 'zod';
import { describeIssues, InvalidRequestError } from '@clinic/kit';

/**
 * Parses input or refuses it with a 400 naming each failing field (the kit's wording: field
 * paths and what was expected, never the value received).
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new InvalidRequestError(`Invalid request body: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
