import type { StaffRole } from '@clinic/contracts';

/** A staff member's role as the console shows it beside their name. */
export const roleLabels: Record<StaffRole, string> = {
  clinician: 'Clinician',
  support: 'Support',
  pharmacy: 'Pharmacy',
  marketing: 'Marketing',
  admin: 'Admin',
};

/** The heading of each role's sections in a navigation that holds several (an admin's). */
export const sectionGroupLabels: Record<StaffRole, string> = {
  clinician: 'Clinical',
  support: 'Support',
  pharmacy: 'Pharmacy',
  marketing: 'Marketing',
  admin: 'Administration',
};
