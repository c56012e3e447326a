import { and, eq, ne } from 'drizzle-orm';
import {
  checkProfile,
  patientContactChanged,
  profileCategories,
  profileMessages,
  type Profile,
  type ProfileCategory,
  type UpdateProfileRequest,
} from '@clinic/contracts';
import {
  ConflictError,
  InvalidRequestError,
  isUniqueViolation,
  NotFoundError,
  type Executor,
  type ServiceRuntime,
} from '@clinic/kit';
import { users, type UserRow } from '../db/schema';
import { findUserById } from './users';

const categorySet = new Set<string>(profileCategories);
const isCategory = (value: string): value is ProfileCategory => categorySet.has(value);

function profileOf(user: UserRow): Profile {
  return {
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    gender: user.gender === 'Male' || user.gender === 'Female' ? user.gender : null,
    weight: user.weight,
    weight_at: user.weightAt?.toISOString() ?? null,
    height_inch: user.heightInch,
    text_updates: user.textUpdates,
    preferred_categories: user.preferredCategories.filter(isCategory),
    created_at: user.createdAt.toISOString(),
  };
}

/** The patient's own profile (spec 002, "User/profile"); NotFound for staff or an unknown id. */
export async function readProfile(db: Executor, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user || user.role !== 'patient') throw new NotFoundError('No profile found.');
  return profileOf(user);
}

/**
 * Saves the patient's profile from the Profile tab. Every rule of spec 002 section 5 is checked
 * first (the first failing one refuses the whole profile with its message, nothing changed). An
 * email another account holds is a conflict: one address, one account, and the unique index
 * settles two changes racing for one email. A new email or phone is published as
 * `patient-contact-changed` in the same transaction, as /verify's changes are, so verification,
 * the clinic and the pharmacy learn it.
 */
export async function updateProfile(
  runtime: ServiceRuntime,
  userId: number,
  input: UpdateProfileRequest,
): Promise<void> {
  const checked = checkProfile(input);
  if (!checked.ok) throw new InvalidRequestError(checked.message, { field: checked.field });
  const profile = checked.profile;
  try {
    await runtime.transaction(async (tx, events) => {
      const user = await findUserById(tx, userId);
      if (!user || user.role !== 'patient') throw new NotFoundError('No profile found.');
      if (profile.email !== user.email) {
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, profile.email), ne(users.id, user.id)))
          .limit(1);
        if (holder) throw new ConflictError(profileMessages.emailTaken);
      }
      const now = runtime.clock.now();
      await tx
        .update(users)
        .set({
          firstName: profile.first_name,
          lastName: profile.last_name,
          email: profile.email,
          phone: profile.phone,
          gender: profile.gender,
          weight: profile.weight,
          // A new weight is a report of its own, dated (the portal shows the latest one).
          weightAt: profile.weight === user.weight ? user.weightAt : now,
          heightInch: profile.height_inch,
          textUpdates: profile.text_updates,
          preferredCategories: profile.preferred_categories,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      const changedAt = now.toISOString();
      if (profile.email !== user.email)
        await events.publish(patientContactChanged, {
          userId: user.id,
          field: 'email',
          value: profile.email,
          changedAt,
        });
      if (profile.phone !== (user.phone ?? ''))
        await events.publish(patientContactChanged, {
          userId: user.id,
          field: 'phone',
          value: profile.phone,
          changedAt,
        });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(profileMessages.emailTaken);
    throw err;
  }
}
