/**
 * The portal's tab bar: a tablist of the shown tabs, each an icon and its name. On a phone it is
 * an app's bottom bar, every tab in reach of the thumb and none off screen (portal.css): the
 * names shortened there to their first word ("Doctor"), the rest visually hidden, so each tab's
 * accessible name is the spec's whole name ("Doctor on Demand") at every width. Arrow keys, Home
 * and End move between tabs as a tablist's do; the selected tab is the one in the tab order.
 */
import type { KeyboardEvent } from 'react';

/** The portal's tabs (spec 002, "Portal tabs"). */
export const portalTabs = ['Orders', 'Dosage', 'Doctor on Demand', 'Profile', 'Billing'] as const;
export type PortalTab = (typeof portalTabs)[number];

/** "Doctor on Demand" -> "doctor-on-demand": the tab's `?tab=` value and id suffix. */
export function tabSlug(tab: PortalTab): string {
  return tab.toLowerCase().replace(/\s+/g, '-');
}

export const tabId = (tab: PortalTab) => `portal-tab-${tabSlug(tab)}`;

/** Each tab's icon (24 px grid, stroked): a parcel, a syringe, a stethoscope, a person, a card. */
const icons: Record<PortalTab, string> = {
  Orders: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5 12 12l9-4.5M12 12v9',
  Dosage:
    'm18 2 4 4m-5 1 3-3m-1 5L8.7 19.3a2.4 2.4 0 0 1-3.4 0l-.6-.6a2.4 2.4 0 0 1 0-3.4L15 5m-6 6 4 4m-8 4-3 3M14 4l6 6',
  'Doctor on Demand':
    'M11 2v2M5 2v2m0-1H4a2 2 0 0 0-2 2v4a6 6 0 0 0 12 0V5a2 2 0 0 0-2-2h-1M8 15a6 6 0 0 0 12 0v-3m-2-2a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  Profile: 'M8 8a4 4 0 1 0 8 0 4 4 0 1 0-8 0M4 21a8 8 0 0 1 16 0',
  Billing: 'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM2 10h20M6 15h4',
};

interface Props {
  tabs: readonly PortalTab[];
  selected: PortalTab;
  onChoose(tab: PortalTab): void;
}

export function PortalTabBar({ tabs, selected, onChoose }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(selected);
    const count = tabs.length;
    const next =
      event.key === 'ArrowRight'
        ? tabs[(at + 1) % count]
        : event.key === 'ArrowLeft'
          ? tabs[(at - 1 + count) % count]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[count - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="portal-tabs" role="tablist" aria-label="Portal sections" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab === selected;
        const [short, ...rest] = tab.split(' ');
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="portal-tabs__tab"
            aria-selected={isSelected}
            aria-controls={isSelected ? 'portal-panel' : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={isSelected ? undefined : () => onChoose(tab)}
          >
            <svg
              className="portal-tabs__icon"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path d={icons[tab]} />
            </svg>
            <span className="portal-tabs__label">
              {short}
              {rest.length > 0 && <span className="portal-tabs__more"> {rest.join(' ')}</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}
