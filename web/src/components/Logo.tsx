import { BRAND_NAME } from '../brand';

/** The brand mark (a drop over a rising line) and the wordmark. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path
        d="M16 6.5c3.6 4.4 6 7.9 6 10.9a6 6 0 0 1-12 0c0-3 2.4-6.5 6-10.9Z"
        fill="#fff"
        opacity="0.95"
      />
      <path
        d="M12.6 18.6l2.3 2.2 4.6-4.8"
        fill="none"
        stroke="var(--color-primary, #0b5c55)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Wordmark({ size = 32 }: { size?: number }) {
  return (
    <span className="wordmark">
      <LogoMark size={size} />
      <span className="wordmark__text">{BRAND_NAME}</span>
    </span>
  );
}
