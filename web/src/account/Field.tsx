import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  /** Short guidance under the input, announced with it (aria-describedby). */
  hint?: string;
  value: string;
  onValueChange(value: string): void;
}

/** A labelled text input: every input on the account pages has a visible label. */
export function Field({ label, hint, value, onValueChange, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

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

/** An error line; role="alert" so screen readers announce it when it appears. */
export function FormError({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p role="alert" className="form-message form-message--error">
      {children}
    </p>
  );
}
