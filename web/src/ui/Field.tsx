import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './Field.css';

/**
 * The two looks of a labelled control: `roomy` (account and verification pages: .field) and
 * `compact` (checkout, address and card forms: .co-field, smaller label, a grid cell).
 */
export type FieldLook = 'roomy' | 'compact';

const classesOf = {
  roomy: {
    field: 'field',
    label: 'field__label',
    input: 'field__input',
    hint: 'field__hint',
    error: 'field__error',
  },
  compact: {
    field: 'co-field',
    label: 'co-field__label',
    input: 'co-input',
    hint: 'co-field__hint',
    error: 'co-field__error',
  },
} as const;

export interface ControlFrameProps {
  label: ReactNode;
  /** Short guidance under the control, announced with it (aria-describedby). */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, announced with it, aria-invalid. */
  error?: ReactNode;
  look?: FieldLook;
  /** Extra classes of the wrapper (e.g. a grid placement). */
  className?: string;
  /** The control's id; generated when absent. */
  id?: string;
}

export interface ControlWiring {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, control, hint and error wired together: the label names the control, the hint and the
 * error describe it, and an error marks it invalid. `control` renders the input or select.
 */
export function ControlFrame({
  label,
  hint,
  error,
  look = 'roomy',
  className,
  id: givenId,
  control,
}: ControlFrameProps & { control(wiring: ControlWiring): ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const classes = classesOf[look];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `${classes.field} ${className}` : classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        className: classes.input,
        'aria-invalid': hasError ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface FieldProps
  extends
    ControlFrameProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'className' | 'value'> {
  value: string;
  onValueChange(value: string): void;
  /** Extra classes of the input itself. */
  inputClassName?: string;
}

/** A labelled text input with its hint and error: every input has a visible label. */
export function Field({
  label,
  hint,
  error,
  look,
  className,
  id,
  value,
  onValueChange,
  inputClassName,
  ...input
}: FieldProps) {
  return (
    <ControlFrame
      label={label}
      hint={hint}
      error={error}
      look={look}
      className={className}
      id={id}
      control={(wiring) => (
        <input
          {...input}
          {...wiring}
          className={inputClassName ? `${wiring.className} ${inputClassName}` : wiring.className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
  );
}
