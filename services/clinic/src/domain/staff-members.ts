import { eq, inArray } from 'drizzle-orm';
import type { Principal } from '@clinic/contracts';
import { requireStaff, unnamedStaff, type IdentityDirectory } from '@clinic/identity-client';
import type { Db } from '@clinic/kit';
import { staff } from '../db/schema';

export interface StaffMember {
  id: number;
  name: string;
  role: string;
}

/**
 * The staff member behind a console call, by the name identity gives them. Kept in clinic.staff
 * so the queue shows who holds a case without asking identity for every row; refreshed on every
 * call that acts, so a renamed account shows its new name from its next action on.
 */
export async function staffMember(
  db: Db,
  identity: IdentityDirectory,
  principal: Principal,
  now: Date,
): Promise<StaffMember> {
  const { id, name, role } = await requireStaff(identity, principal.userId);
  await db
    .insert(staff)
    .values({ id, name, role, updatedAt: now })
    .onConflictDoUpdate({ target: staff.id, set: { name, role, updatedAt: now } });
  return { id, name, role };
}

/** Names of the staff members with these ids, as last seen. */
export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(inArray(staff.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function staffName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id));
  return row?.name ?? unnamedStaff(id);
}
