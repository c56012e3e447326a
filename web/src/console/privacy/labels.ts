/** How the console names a privacy request's kind, its state and its deadline. */
import {
  formatUsDate,
  type PrivacyRequestState,
  type PrivacyRequestType,
  type PrivacyRequestView,
} from '@clinic/contracts';

/** Short names for the team; the requester chose from the longer ones on the form. */
export const kindLabels: Record<PrivacyRequestType, string> = {
  do_not_sell_or_share: 'Do not sell or share',
  limit_sensitive: 'Limit sensitive information',
  access: 'Access (know)',
  delete: 'Delete',
  correct: 'Correct',
};

export const stateLabels: Record<PrivacyRequestState, string> = {
  received: 'Received',
  verified: 'Verified',
  done: 'Done',
};

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** "12 days left", "Due now", "Overdue by 3 days", or when a done request was closed. */
export function deadlineText(request: PrivacyRequestView): string {
  if (request.state === 'done')
    return request.closedAt ? `Closed ${formatUsDate(request.closedAt)}` : 'Closed';
  const left = request.daysLeft ?? 0;
  if (left < 0) return `Overdue by ${days(-left)}`;
  if (left === 0) return 'Due now';
  return `${days(left)} left`;
}
