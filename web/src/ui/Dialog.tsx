import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './Dialog.css';

interface Props {
  title: string;
  /** "alertdialog" for a confirmation that interrupts (the cancel confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Escape and the close controls call this; ignored while `busy`. */
  onClose(): void;
  /** While true (a request is running) Escape does nothing. */
  busy?: boolean;
  /** What gets the focus when the dialog opens; the dialog itself when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Shown under the title and named by aria-describedby. */
  description?: ReactNode;
  /** Extra classes of the box. */
  className?: string;
  /**
   * `sheet` (the default): a sheet from the bottom on phones, centred from 600 px, title left.
   * `notice`: a small centred card, its icon above the title (one short message and OK).
   */
  look?: 'sheet' | 'notice';
  /** Shown above the title (decorative: mark it aria-hidden). */
  icon?: ReactNode;
  /** Whether a click on the dimmed page around the box closes it (ignored while `busy`). */
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

const looks = {
  sheet: {
    overlay: 'portal-modal',
    box: 'portal-modal__box',
    title: 'portal-modal__title',
    text: 'portal-modal__text',
  },
  notice: { overlay: 'co-modal', box: 'co-modal__box', title: 'co-modal__title', text: undefined },
} as const;

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether `item` is displayed (no ancestor up to `root` hidden or `display: none`). */
function shown(item: HTMLElement, root: HTMLElement): boolean {
  for (let node: HTMLElement | null = item; node && node !== root; node = node.parentElement) {
    if (node.hidden || getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/**
 * A modal dialog: labelled by its title, focus moved in (and back to where it was on close),
 * Tab kept inside, Escape closes. The page behind does not scroll while it is open.
 */
export function Dialog({
  title,
  role = 'dialog',
  onClose,
  busy = false,
  initialFocus,
  description,
  className,
  look = 'sheet',
  icon,
  closeOnBackdrop = false,
  children,
}: Props) {
  const classes = looks[look];
  const titleId = useId();
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const busyRef = useRef(busy);
  closeRef.current = onClose;
  busyRef.current = busy;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? box.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyRef.current) closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !box.current) return;
      const root = box.current;
      const items = [...root.querySelectorAll<HTMLElement>(focusable)].filter((item) =>
        shown(item, root),
      );
      if (items.length === 0) {
        event.preventDefault();
        box.current.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === box.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!box.current.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
    // Mount only: focus moves in once, and back when the dialog goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      className={classes.overlay}
      onClick={closeOnBackdrop ? () => !busyRef.current && closeRef.current() : undefined}
    >
      <div
        ref={box}
        className={`${classes.box} card${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? textId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onClick={closeOnBackdrop ? (event) => event.stopPropagation() : undefined}
      >
        {icon}
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        {description && (
          <p id={textId} className={classes.text}>
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
