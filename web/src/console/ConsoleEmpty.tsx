/**
 * The empty state of a console list: a 28 px stroked icon, a title and a line of text. The shapes
 * are ConsoleIcon's (box, truck, refresh, clipboard, message, shield, ticket, lock; chat is message with
 * two lines of text). Kept apart from ConsoleIcon on purpose: only the lazy section pages import this
 * module; one shared with ConsoleApp would merge into its chunk and hide ConsoleApp's entry from
 * the route-size report (so SectionPage, which ConsoleApp imports, draws its own).
 */
const shapes = {
  box: (
    <>
      <path d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5z" />
      <path d="M4 7.5 12 12l8-4.5M12 12v9" />
    </>
  ),
  truck: (
    <>
      <path d="M3 6h11v10H3zM14 9h4l3 3v4h-7z" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </>
  ),
  refresh: (
    <>
      <path d="M20 11a8 8 0 0 0-14.5-4.6L4 8" />
      <path d="M4 4v4h4M4 13a8 8 0 0 0 14.5 4.6L20 16" />
      <path d="M20 20v-4h-4" />
    </>
  ),
  clipboard: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4h6v3H9zM9 12h6M9 16h4" />
    </>
  ),
  message: <path d="M4 5h16v11H9l-5 4z" />,
  funnel: <path d="M4 5h16l-6 7.5V19l-4-2v-4.5z" />,
  chat: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  ticket: (
    <>
      <path d="M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4z" />
      <path d="M14 7v10" strokeDasharray="2 2" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3M12 15v2" />
    </>
  ),
} as const;

export type ConsoleEmptyIcon = keyof typeof shapes;

export function ConsoleEmpty({
  icon,
  title,
  text,
}: {
  icon: ConsoleEmptyIcon;
  title: string;
  text: string;
}) {
  return (
    <section className="console-empty" aria-label={title}>
      <span className="console-empty__icon" aria-hidden="true">
        <svg
          width={28}
          height={28}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          {shapes[icon]}
        </svg>
      </span>
      <h2 className="console-empty__title">{title}</h2>
      <p className="console-empty__text">{text}</p>
    </section>
  );
}
