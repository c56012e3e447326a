/**
 * /console/staff-accounts (admins): every staff account with its role, whether it is enabled and
 * has two-factor login, and its last login; an invitation by email; a role changed on the spot;
 * disabling (confirmed first: the person is logged out everywhere at once) and enabling again.
 * The server keeps the last enabled admin and says so when asked to remove them.
 *
 * The section's copy comes from ConsoleApp: a module this chunk shared with ConsoleApp's would
 * merge the two (see ConsoleEmpty.tsx).
 */
import type { ConsoleSection, StaffAccount } from '@clinic/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, genericErrorText } from '../../api/client';
import { usePageTitle } from '../../components/usePageTitle';
import { Button, Dialog, FormMessage, ToastRegion, useToasts } from '../../ui';
import type { SectionCopy } from '../sections';
import { InviteForm } from './InviteForm';
import {
  setEnabled,
  setRole,
  staffAccountsKey,
  staffAccountsQuery,
  type StaffChange,
} from './staffApi';
import { StaffRow } from './StaffRow';
import '../record.css';
import './staff.css';

export default function StaffAccountsPage({
  section,
  copy,
}: {
  section: ConsoleSection;
  copy: SectionCopy;
}) {
  usePageTitle(`${section.label} · Staff console`);
  const list = useQuery(staffAccountsQuery());
  const queryClient = useQueryClient();
  const { toasts, show } = useToasts();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);

  function changed(change: StaffChange) {
    show('success', change.message);
    void queryClient.invalidateQueries({ queryKey: staffAccountsKey });
  }

  async function run(account: StaffAccount, step: () => Promise<StaffChange>) {
    setBusyId(account.id);
    try {
      changed(await step());
    } catch (failure) {
      show('error', errorMessage(failure, genericErrorText));
      void queryClient.invalidateQueries({ queryKey: staffAccountsKey });
    }
    setBusyId(null);
  }

  let body;
  if (list.isPending)
    body = (
      <p className="console-page__purpose" aria-busy="true">
        Loading staff accounts...
      </p>
    );
  else if (list.isError) body = <FormMessage kind="error">{list.error.message}</FormMessage>;
  else
    body = (
      <div className="console-table-wrap">
        <table className="console-table sa-table" aria-label="Staff accounts">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Two-factor login</th>
              <th scope="col">Last login</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((account) => (
              <StaffRow
                key={account.id}
                account={account}
                busy={busyId === account.id}
                onRole={(a, role) => void run(a, () => setRole(a.id, role))}
                onToggle={(a) =>
                  a.enabled ? setDisabling(a) : void run(a, () => setEnabled(a.id, true))
                }
              />
            ))}
          </tbody>
        </table>
      </div>
    );

  const disablingName = disabling
    ? `${disabling.first_name} ${disabling.last_name}`.trim() || disabling.email
    : '';
  return (
    <main className="console-page console-page--wide" data-console-section={section.key}>
      <header className="console-page__head">
        <h1>{section.label}</h1>
        <p className="console-page__purpose">{copy.purpose}</p>
      </header>
      <InviteForm onInvited={changed} />
      {body}
      {disabling && (
        <Dialog
          title={`Disable ${disablingName}?`}
          description="They are logged out everywhere at once and cannot log in until an admin enables the account again."
          onClose={() => setDisabling(null)}
        >
          <div className="sa-dialog-actions">
            <Button variant="secondary" onClick={() => setDisabling(null)}>
              Go back
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const account = disabling;
                setDisabling(null);
                void run(account, () => setEnabled(account.id, false));
              }}
            >
              Disable account
            </Button>
          </div>
        </Dialog>
      )}
      <ToastRegion toasts={toasts} />
    </main>
  );
}
