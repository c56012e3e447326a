/**
 * The support inbox's empty states, with a chat icon; kept apart from ConsoleIcon like the
 * pharmacy's PharmacyEmpty (a module shared with ConsoleApp would merge into its chunk).
 */
export function SupportEmpty({ title, text }: { title: string; text: string }) {
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
          <path d="M4 5h16v11H9l-5 4z" />
          <path d="M8 9.5h8M8 12.5h5" />
        </svg>
      </span>
      <h2 className="console-empty__title">{title}</h2>
      <p className="console-empty__text">{text}</p>
    </section>
  );
}
