import type { ComponentPropsWithRef, ReactNode } from 'react';
import './Button.css';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary (filled, the default), secondary (outlined) or danger (a destructive choice). */
  variant?: 'primary' | 'secondary' | 'danger';
  size?: 'normal' | 'small';
  /** A request is running: the button is disabled, says so (aria-busy) and shows `busyLabel`. */
  busy?: boolean;
  /** The text while `busy`; the children stay when absent. */
  busyLabel?: ReactNode;
}

/** The app's button (`.button` in styles/base.css): type="button" unless told otherwise. */
export function Button({
  variant = 'primary',
  size = 'normal',
  busy = false,
  busyLabel,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button'];
  if (variant !== 'primary') classes.push(`button--${variant}`);
  if (size === 'small') classes.push('button--small');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
