/**
 * The empty states of the pharmacy pages, with their icons (ConsoleIcon's box, truck and refresh
 * shapes). Kept apart from ConsoleIcon on purpose, like the clinic's EmptyIcon: a module shared
 * with ConsoleApp would merge into its chunk.
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
} as const;

export type PharmacyIconName = keyof typeof shapes;

export function PharmacyEmpty({
  icon,
  title,
  text,
}: {
  icon: PharmacyIconName;
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
