/**
 * The profile's form (spec 002, Profile tab): contact info (first and last name, email, the
 * phone as 3 + 3 + 4 digits, "Text me updates"), physical info (gender, height in feet and
 * inches, weight) and the preferred categories, saved together with POST /api/update-profile.
 * The rules are the contracts' (checkProfile), checked here first and by the server again.
 *
 * Hooks for tests: form#profile-form, #profile-phone-1..3, #profile-save.
 */
import { useState, type FormEvent } from 'react';
import {
  checkProfile,
  profileCategories,
  profileLimits,
  profileMessages,
  type CheckedProfile,
  type Profile,
  type ProfileCategory,
  type ProfileField,
} from '@clinic/contracts';
import { Button, Checkbox, Field, FormMessage, Section, Select } from '../../ui';
import { failureText, sendProfile } from './profileApi';
import {
  clampFeet,
  clampInches,
  cleanWeight,
  digitsOnly,
  formValuesOf,
  phonePartLengths,
  profileUpdateOf,
  type ProfileFormValues,
} from './profileForm';
import { useTimedMessage } from './useTimedMessage';

const phoneLabels = ['Area code', 'Prefix', 'Line number'] as const;

/** Spec 002 "User/profile": the categories, as the patient reads them. */
const categoryLabels: Record<ProfileCategory, string> = {
  MIND: 'Mind',
  BODY: 'Body',
  WEIGHT: 'Weight',
  SEX: 'Sex',
  LONGEVITY: 'Longevity',
  SKIN: 'Skin',
  HAIR: 'Hair',
};

interface Props {
  profile: Profile;
  /** After a save, with the profile as stored. */
  onSaved(saved: CheckedProfile): void;
}

type SetValue = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => void;
type ErrorOf = (...fields: ProfileField[]) => string | undefined;

/** Gender, height and weight. */
function PhysicalSection({
  values,
  set,
  errorOf,
}: {
  values: ProfileFormValues;
  set: SetValue;
  errorOf: ErrorOf;
}) {
  return (
    <Section
      className="profile-section"
      level={3}
      id="profile-physical-title"
      titleClassName="profile-section__title"
      title="Physical info"
    >
      <Select
        id="profile-gender"
        label="Gender"
        value={values.gender}
        onValueChange={(v) => set('gender', v)}
        error={errorOf('gender')}
      >
        <option value="">Select</option>
        <option value="Male">Male</option>
        <option value="Female">Female</option>
      </Select>
      <div className="profile-grid profile-grid--three">
        <Field
          id="profile-feet"
          label="Height (ft)"
          inputMode="numeric"
          maxLength={1}
          value={values.feet}
          onValueChange={(v) => set('feet', clampFeet(v))}
          hint="0 to 8"
          error={errorOf('height_inch')}
        />
        <Field
          id="profile-inches"
          label="Height (in)"
          inputMode="numeric"
          maxLength={2}
          value={values.inches}
          onValueChange={(v) => set('inches', clampInches(v))}
          hint="0 to 11"
        />
        <Field
          id="profile-weight"
          label="Weight (lbs)"
          inputMode="decimal"
          maxLength={5}
          value={values.weight}
          onValueChange={(v) => set('weight', cleanWeight(v))}
          hint={`Max ${profileLimits.weightMax}`}
          error={errorOf('weight')}
        />
      </div>
    </Section>
  );
}

/** What the patient would like to hear about. */
function CategoriesSection({
  values,
  set,
  errorOf,
}: {
  values: ProfileFormValues;
  set: SetValue;
  errorOf: ErrorOf;
}) {
  const onToggle = (category: ProfileCategory, on: boolean) =>
    set(
      'preferred_categories',
      profileCategories.filter((c) =>
        c === category ? on : values.preferred_categories.includes(c),
      ),
    );
  return (
    <Section
      className="profile-section"
      level={3}
      id="profile-categories-title"
      titleClassName="profile-section__title"
      title="Preferred categories"
    >
      <p className="portal-panel__note">What would you like to hear about?</p>
      <div className="profile-categories" role="group" aria-labelledby="profile-categories-title">
        {profileCategories.map((category) => (
          <Checkbox
            key={category}
            name="preferred_categories"
            value={category}
            label={categoryLabels[category]}
            checked={values.preferred_categories.includes(category)}
            onCheckedChange={(on) => onToggle(category, on)}
          />
        ))}
      </div>
      {errorOf('preferred_categories') && (
        <p className="field__error">{errorOf('preferred_categories')}</p>
      )}
    </Section>
  );
}

export function ProfileForm({ profile, onSaved }: Props) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(profile));
  const [problem, setProblem] = useState<{ field: ProfileField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show, clear } = useTimedMessage();

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (...fields: ProfileField[]) =>
    problem && fields.includes(problem.field) ? problem.message : undefined;

  const setPhonePart = (index: number, typed: string) => {
    const length = phonePartLengths[index] ?? 4;
    const part = digitsOnly(typed, length);
    setValues((current) => {
      const phone: [string, string, string] = [...current.phone];
      phone[index] = part;
      return { ...current, phone };
    });
    // A full part moves on to the next one, as a phone's keypad entry expects.
    if (part.length === length && index < 2)
      document.getElementById(`profile-phone-${index + 2}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const update = profileUpdateOf(values);
    const checked = checkProfile(update);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      show('error', checked.message);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await sendProfile(update);
      show('success', profileMessages.profileUpdated);
      onSaved(checked.profile);
    } catch (error) {
      show('error', failureText(error, profileMessages.profileFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      id="profile-form"
      className="profile-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <Section
        className="profile-section"
        level={3}
        id="profile-contact-title"
        titleClassName="profile-section__title"
        title="Contact info"
      >
        <div className="profile-grid profile-grid--two">
          <Field
            id="profile-first-name"
            label="First name"
            autoComplete="given-name"
            maxLength={profileLimits.nameMax}
            value={values.first_name}
            onValueChange={(v) => set('first_name', v)}
            error={
              problem?.field === 'first_name' && !values.first_name.trim()
                ? problem.message
                : undefined
            }
          />
          <Field
            id="profile-last-name"
            label="Last name"
            autoComplete="family-name"
            maxLength={profileLimits.nameMax}
            value={values.last_name}
            onValueChange={(v) => set('last_name', v)}
            error={
              problem?.field === 'first_name' && !values.last_name.trim()
                ? problem.message
                : undefined
            }
          />
        </div>
        <Field
          id="profile-email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={profileLimits.emailMax}
          value={values.email}
          onValueChange={(v) => set('email', v)}
          error={errorOf('email')}
        />
        <fieldset
          className="profile-phone"
          aria-describedby={errorOf('phone') ? 'profile-phone-error' : undefined}
        >
          <legend className="field__label">Phone</legend>
          <div className="profile-phone__parts">
            {phoneLabels.map((label, index) => (
              <Field
                key={label}
                id={`profile-phone-${index + 1}`}
                className="profile-phone__part"
                label={<span className="profile-phone__label">{label}</span>}
                inputMode="numeric"
                autoComplete={index === 0 ? 'tel-area-code' : 'off'}
                maxLength={phonePartLengths[index]}
                size={phonePartLengths[index]}
                value={values.phone[index] ?? ''}
                onValueChange={(v) => setPhonePart(index, v)}
              />
            ))}
          </div>
          {errorOf('phone') && (
            <p id="profile-phone-error" className="field__error">
              {errorOf('phone')}
            </p>
          )}
        </fieldset>
        <Checkbox
          id="profile-text-updates"
          label="Text me updates"
          checked={values.text_updates}
          onCheckedChange={(v) => set('text_updates', v)}
        />
      </Section>

      <PhysicalSection values={values} set={set} errorOf={errorOf} />

      <CategoriesSection values={values} set={set} errorOf={errorOf} />

      <div className="profile-actions">
        <Button id="profile-save" type="submit" busy={busy} busyLabel="Saving...">
          Update Profile
        </Button>
        <FormMessage kind={message?.kind ?? 'info'} className="profile-message">
          {message?.text}
        </FormMessage>
      </div>
    </form>
  );
}
