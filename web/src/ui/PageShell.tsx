import type { HTMLAttributes, ReactNode } from 'react';

export interface PageShellProps extends HTMLAttributes<HTMLElement> {
  /** A reading-width column (forms, notices) rather than the full content width. */
  narrow?: boolean;
  /** Data attributes are passed on (a `data-page` marker for tests). */
  [data: `data-${string}`]: string | undefined;
  children: ReactNode;
}

/** The page's `<main>`: the `.page` frame of styles/base.css, the page's own class next to it. */
export function PageShell({ narrow = false, className, children, ...rest }: PageShellProps) {
  const classes = ['page'];
  if (narrow) classes.push('page--narrow');
  if (className) classes.push(className);
  return (
    <main {...rest} className={classes.join(' ')}>
      {children}
    </main>
  );
}
