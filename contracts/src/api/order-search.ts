/**
 * The query field of the staff searches by order number (issue 26): the review queue, the
 * pharmacy's shipments and support's order search. Apart from fields.ts, which every page
 * loads, so the pattern ships only with the console's calls.
 */
import { orderIdFromNumber, orderNumberHint, orderNumberPattern } from '../rules/order-number';
import { text } from './fields';

/**
 * An order number as staff type it ("#1042", "1042", "GLP-1042": see `orderNumberPattern`),
 * given to the handler as the checkout order's id.
 */
export function orderNumberQuery() {
  return text(60)
    .regex(orderNumberPattern, orderNumberHint)
    .transform((typed) => orderIdFromNumber(typed)!);
}
