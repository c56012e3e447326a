/**
 * The staff accounts' calls (contracts/src/api/staff-accounts.ts) through the typed client: the
 * list, an invitation and the three changes. Every answer is parsed by the route's schema.
 */
import {
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  staffAccountList,
  type StaffAccount,
  type StaffRole,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';

export const staffAccountsKey = ['staff-accounts'] as const;

export function staffAccountsQuery() {
  return queryOptions<StaffAccount[], Error>({
    queryKey: staffAccountsKey,
    queryFn: async () => (await callApi(staffAccountList)).staff,
    retry: false,
  });
}

export type Invitation = z.input<NonNullable<typeof inviteStaff.body>>;

/** An answer's text and the account as it is now. */
export type StaffChange = { message: string; account: StaffAccount };

export const sendInvitation = (body: Invitation): Promise<StaffChange> =>
  callApi(inviteStaff, { body });

export const setRole = (id: number, role: StaffRole): Promise<StaffChange> =>
  callApi(changeStaffRole, { params: { id }, body: { role } });

export const setEnabled = (id: number, enabled: boolean): Promise<StaffChange> =>
  callApi(enabled ? enableStaff : disableStaff, { params: { id } });
