import type { StaffMember } from '@clinic/contracts';
import { ForbiddenError } from '@clinic/kit';
import type { IdentityDirectory } from './identity-directory';
import { requireStaff, unnamedStaff } from './staff';

function directoryWith(member: StaffMember | null): IdentityDirectory {
  return { staffMember: () => Promise.resolve(member) } as unknown as IdentityDirectory;
}

describe('requireStaff', () => {
  it('names a member of staff "First Last" with their first name and role', async () => {
    const directory = directoryWith({
      id: 7,
      first_name: 'Ada',
      last_name: 'Byron',
      role: 'clinician',
    });
    await expect(requireStaff(directory, 7)).resolves.toEqual({
      id: 7,
      name: 'Ada Byron',
      firstName: 'Ada',
      role: 'clinician',
    });
  });

  it('names an account without a name "Staff #id"', async () => {
    const directory = directoryWith({ id: 9, first_name: ' ', last_name: '', role: 'support' });
    const member = await requireStaff(directory, 9);
    expect(member.name).toBe('Staff #9');
    expect(member.firstName).toBe('');
    expect(unnamedStaff(9)).toBe('Staff #9');
  });

  it('refuses a patient or an unknown account as not staff', async () => {
    await expect(requireStaff(directoryWith(null), 3)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
