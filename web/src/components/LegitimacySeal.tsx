/**
 * The legitimacy seal shown in the footer. Placeholder badge drawn inline: a certifier's real
 * seal (their own script or image, linking to their verification page) replaces it once the
 * clinic is certified.
 */
export function LegitimacySeal() {
  return (
    <div className="seal" role="img" aria-label="Verified telehealth provider seal">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <path
          d="M18 2.5 30 7v9.6c0 7.7-5.1 13.8-12 16.4C11.1 30.4 6 24.3 6 16.6V7l12-4.5Z"
          fill="var(--color-primary)"
        />
        <path
          d="m12.5 17.8 3.8 3.7 7.4-7.6"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="seal__text">
        <strong>Verified</strong>
        <span>Telehealth Provider</span>
      </span>
    </div>
  );
}
