import { consoleSections, type ConsoleSection, type StaffRole } from '@clinic/contracts';
import { Link } from 'react-router-dom';
import { ConsoleIcon } from './ConsoleIcon';
import { sectionGroupLabels } from './roles';
import { sectionCopy } from './sections';

const ownerOf = new Map<string, StaffRole>(consoleSections.map(({ key, role }) => [key, role]));

interface Group {
  role: StaffRole;
  sections: ConsoleSection[];
}

/** The sections in runs of the same role, in the server's order. */
function groupByRole(sections: readonly ConsoleSection[]): Group[] {
  const groups: Group[] = [];
  for (const section of sections) {
    const role = ownerOf.get(section.key) ?? 'admin';
    const last = groups.at(-1);
    if (last?.role === role) last.sections.push(section);
    else groups.push({ role, sections: [section] });
  }
  return groups;
}

/**
 * The console's navigation: the sections the server says this staff member may open. Headings
 * name each role's sections only when there are several roles' (an admin's).
 */
export function ConsoleNav({
  id,
  sections,
  current,
  onNavigate,
}: {
  id: string;
  sections: readonly ConsoleSection[];
  /** The open section's key. */
  current: string | undefined;
  /** Called when an entry is chosen (the phone menu closes). */
  onNavigate: () => void;
}) {
  const groups = groupByRole(sections);
  const headed = groups.length > 1;
  return (
    <nav id={id} className="console-nav" aria-label="Console sections">
      {groups.map((group) => (
        <div key={group.role} className="console-nav__group">
          {headed && <p className="console-nav__heading">{sectionGroupLabels[group.role]}</p>}
          <ul className="console-nav__list">
            {group.sections.map((section) => (
              <li key={section.key}>
                <Link
                  to={`/console/${section.key}`}
                  className="console-nav__link"
                  aria-current={section.key === current ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ConsoleIcon name={sectionCopy[section.key].icon} />
                  <span>{section.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
