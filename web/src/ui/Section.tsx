import { useId, type ReactNode } from 'react';

/**
 * One card of a page with its heading, named by it for screen readers. `action` sits beside the
 * title (in a `headClassName` row); `className` and `titleClassName` are the page's look.
 */
export function Section({
  title,
  level = 2,
  id,
  className,
  titleClassName,
  action,
  headClassName,
  children,
}: {
  title?: ReactNode;
  level?: 2 | 3;
  /** The heading's id (a generated one when unset). */
  id?: string;
  className: string;
  titleClassName?: string;
  /** What sits beside the title (a button), in a row of `headClassName`. */
  action?: ReactNode;
  headClassName?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const titleId = id ?? generated;
  const Title = level === 2 ? 'h2' : 'h3';
  const heading = title !== undefined && (
    <Title id={titleId} className={titleClassName}>
      {title}
    </Title>
  );
  return (
    <section
      className={`card ${className}`}
      aria-labelledby={title !== undefined ? titleId : undefined}
    >
      {action ? (
        <div className={headClassName}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
