/**
 * The empty states' icons of the clinic pages (the shapes of ConsoleIcon's clipboard, message
 * and shield). Kept apart from ConsoleIcon on purpose: a module shared with ConsoleApp would
 * merge into its chunk and hide ConsoleApp's entry from the route-size report.
 */
const shapes = {
  clipboard: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4h6v3H9zM9 12h6M9 16h4" />
    </>
  ),
  message: <path d="M4 5h16v11H9l-5 4z" />,
  shield: (
    <>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
} as const;

export type EmptyIconName = keyof typeof shapes;

export function EmptyIcon({ name }: { name: EmptyIconName }) {
  return (
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
      {shapes[name]}
    </svg>
  );
}
