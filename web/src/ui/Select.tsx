import type { ReactNode, SelectHTMLAttributes } from 'react';
import { ControlFrame, type ControlFrameProps } from './Field';

export interface SelectProps
  extends
    ControlFrameProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'className' | 'value'> {
  value: string;
  onValueChange(value: string): void;
  /** The `<option>`s. */
  children: ReactNode;
  /** Extra classes of the select itself. */
  selectClassName?: string;
}

/** A labelled select with its hint and error, wired like Field. */
export function Select({
  label,
  hint,
  error,
  look,
  className,
  id,
  value,
  onValueChange,
  selectClassName,
  children,
  ...select
}: SelectProps) {
  return (
    <ControlFrame
      label={label}
      hint={hint}
      error={error}
      look={look}
      className={className}
      id={id}
      control={(wiring) => (
        <select
          {...select}
          {...wiring}
          className={selectClassName ? `${wiring.className} ${selectClassName}` : wiring.className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {children}
        </select>
      )}
    />
  );
}
