import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

// `[label](href)` or `**bold**`; everything else is text. Rendered as React text, never as HTML.
const marks = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

function link(label: string, href: string, key: number): ReactNode {
  if (href.startsWith('/')) {
    return (
      <Link key={key} to={href}>
        {label}
      </Link>
    );
  }
  const external = href.startsWith('http');
  return (
    <a
      key={key}
      href={href}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
    >
      {label}
    </a>
  );
}

/** The text of a legal document with its links and bold words (see ./document.ts). */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(marks)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const [, label, href, bold] = match;
    if (label !== undefined && href !== undefined) parts.push(link(label, href, at));
    else parts.push(<strong key={at}>{bold}</strong>);
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
