import { Field, type FieldProps } from '../ui';

/** The email input of the login and recovery pages (spec 000 section 5: at most 256). */
export function EmailField({ value, onValueChange }: Pick<FieldProps, 'value' | 'onValueChange'>) {
  return (
    <Field
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      maxLength={256}
      value={value}
      onValueChange={onValueChange}
    />
  );
}
