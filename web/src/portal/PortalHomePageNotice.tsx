/**
 * A word on /home about what the patient just did elsewhere, carried by the navigation that
 * brought them (React Router's location state), never by storage: the identity video page sends
 * the patient home with `{ portalNotice: 'video-received' }` once the video is recorded. The
 * portal shows it until dismissed and drops it from the history entry, so a reload or coming back
 * to the entry later does not say it again.
 */

export const portalNotices = {
  'video-received': {
    title: 'We received your video.',
    text: 'Your doctor will review your assessment within 24 hours.',
  },
} as const;
export type PortalNoticeKind = keyof typeof portalNotices;

/** The location state a page navigates to /home with, to have the portal say `portalNotice`. */
export interface PortalHomeArrival {
  portalNotice: PortalNoticeKind;
}

/** The notice a location state asks for, if it asks for one the portal knows. */
export function portalNoticeOf(state: unknown): PortalNoticeKind | null {
  const asked = (state as Partial<PortalHomeArrival> | null)?.portalNotice;
  return typeof asked === 'string' && Object.hasOwn(portalNotices, asked) ? asked : null;
}

export function PortalNotice({ kind, onDismiss }: { kind: PortalNoticeKind; onDismiss(): void }) {
  const { title, text } = portalNotices[kind];
  return (
    <div className="portal-notice" role="status" data-notice={kind}>
      <svg
        className="portal-notice__icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path
          d="M7.5 12.5l3 3 6-6.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="portal-notice__text">
        <strong>{title}</strong> {text}
      </p>
      <button
        type="button"
        className="portal-notice__close"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
