import type { InputHTMLAttributes, ReactNode } from 'react';
import './Checkbox.css';

export interface CheckboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'checked'
> {
  /** The text next to the box; the whole line is the label (a large tap target). */
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Extra classes of the label. */
  labelClassName?: string;
}

/** A checkbox inside its label. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  labelClassName,
  ...input
}: CheckboxProps) {
  return (
    <label className={labelClassName ? `check ${labelClassName}` : 'check'}>
      <input
        {...input}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
