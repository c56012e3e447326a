/**
 * The visitor's calendar date as the contracts' rules read it (they use the UTC getters): the
 * local year, month and day at UTC midnight, so a late-evening visitor west of Greenwich is not
 * judged by tomorrow's date.
 */
export function visitorToday(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}
