/**
 * One staff account in the list: name and email, role (changed on the spot), whether it is
 * enabled and has two-factor login, its last login, and the button that disables or enables it.
 */
import { staffRoleSchema, type StaffAccount } from '@clinic/contracts';
import { Button, Select } from '../../ui';
import { when } from '../format';
import { roleLabels } from '../roles';

export function StaffRow({
  account,
  busy,
  onRole,
  onToggle,
}: {
  account: StaffAccount;
  busy: boolean;
  onRole(account: StaffAccount, role: StaffAccount['role']): void;
  onToggle(account: StaffAccount): void;
}) {
  const name = `${account.first_name} ${account.last_name}`.trim() || account.email;
  return (
    <tr className={account.enabled ? undefined : 'sa-row--disabled'}>
      <th scope="row">
        <span className="sa-name">{name}</span>
        <span className="sa-email">{account.email}</span>
      </th>
      <td>
        <Select
          look="compact"
          label="Role"
          name="role"
          value={account.role}
          disabled={busy}
          onValueChange={(value) => onRole(account, staffRoleSchema.parse(value))}
        >
          {staffRoleSchema.options.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </Select>
      </td>
      <td>
        <span className="sa-label">Status: </span>
        {account.enabled ? 'Enabled' : 'Disabled'}
      </td>
      <td>
        <span className="sa-label">Two-factor login: </span>
        {account.two_factor
          ? 'On'
          : account.password_set
            ? 'Not set up yet'
            : 'Invited, no password yet'}
      </td>
      <td>
        <span className="sa-label">Last login: </span>
        {account.last_login_at ? when(account.last_login_at) : 'Never'}
      </td>
      <td>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={`${account.enabled ? 'Disable' : 'Enable'} ${name}`}
          onClick={() => onToggle(account)}
        >
          {account.enabled ? 'Disable' : 'Enable'}
        </Button>
      </td>
    </tr>
  );
}
