/**
 * The invitation of a new staff member: email, name and role. The server makes the account and
 * emails the link to set a password; a refusal (an email with an account, a bad field) is shown
 * here with the server's words and nothing is made.
 */
import { staffRoleSchema, type StaffRole } from '@clinic/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage, genericErrorText } from '../../api/client';
import { Button, Field, FormError, Select } from '../../ui';
import { roleLabels } from '../roles';
import { sendInvitation, type StaffChange } from './staffApi';

export function InviteForm({ onInvited }: { onInvited(change: StaffChange): void }) {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<StaffRole>('clinician');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onInvited(await sendInvitation({ email, first_name: firstName, last_name: lastName, role }));
      setEmail('');
      setFirstName('');
      setLastName('');
    } catch (failure) {
      setError(errorMessage(failure, genericErrorText));
    }
    setBusy(false);
  }

  return (
    <form
      className="sa-invite"
      aria-labelledby="sa-invite-title"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="sa-invite-title">Invite a staff member</h2>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        required
        maxLength={256}
        value={email}
        onValueChange={setEmail}
      />
      <div className="sa-invite__names">
        <Field
          label="First name"
          name="first_name"
          required
          maxLength={100}
          value={firstName}
          onValueChange={setFirstName}
        />
        <Field
          label="Last name"
          name="last_name"
          required
          maxLength={100}
          value={lastName}
          onValueChange={setLastName}
        />
      </div>
      <Select
        label="Role"
        name="role"
        value={role}
        onValueChange={(value) => setRole(staffRoleSchema.parse(value))}
      >
        {staffRoleSchema.options.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </Select>
      <FormError>{error}</FormError>
      <Button type="submit" busy={busy} busyLabel="Sending...">
        Send invitation
      </Button>
    </form>
  );
}
