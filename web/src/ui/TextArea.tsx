import type { TextareaHTMLAttributes } from 'react';
import { ControlFrame, type ControlFrameProps } from './Field';

/** A labelled textarea with its hint and error, wired like the kit's Field. */
export function TextArea({
  label,
  hint,
  error,
  className,
  id,
  value,
  onValueChange,
  ...rest
}: ControlFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'value' | 'onChange'> & {
    value: string;
    onValueChange(value: string): void;
  }) {
  return (
    <ControlFrame
      label={label}
      hint={hint}
      error={error}
      className={className}
      id={id}
      control={(wiring) => (
        <textarea
          rows={4}
          {...rest}
          {...wiring}
          className={`${wiring.className} cd-textarea`}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
  );
}
