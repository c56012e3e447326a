import { useId, type HTMLAttributes, type ReactNode } from 'react';

const icons = {
  warning: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5" />
      <path d="M12 16.5h.01" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
} as const;

interface NoticePageProps {
  icon: keyof typeof icons;
  title: ReactNode;
  /** `sorry` for the disqualification landings' centred, larger title. */
  variant?: 'sorry';
  /** Links or buttons under the text. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Extra attributes of the page's `<main>` (a `data-` marker for tests). */
  mainProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
}

/** One short message on a card: the sorry, unavailable and being-prepared pages. */
export function NoticePage({
  icon,
  title,
  variant,
  actions,
  children,
  mainProps,
}: NoticePageProps) {
  const titleId = useId();
  return (
    <main className="page page--narrow" {...mainProps}>
      <section
        className={variant ? `card notice ${variant}` : 'card notice'}
        aria-labelledby={titleId}
      >
        <span
          className={icon === 'warning' ? 'notice__icon notice__icon--warning' : 'notice__icon'}
          aria-hidden="true"
        >
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {icons[icon]}
          </svg>
        </span>
        <h1 id={titleId} className={variant ? 'sorry__title' : undefined}>
          {title}
        </h1>
        {children}
        {actions && <div className="notice__actions">{actions}</div>}
      </section>
    </main>
  );
}
