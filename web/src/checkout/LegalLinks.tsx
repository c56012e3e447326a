import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { legalPath, type LegalDoc } from '../legal';

/**
 * The checkout's footer links (spec 001 section 2). They open in a new tab so the form keeps what
 * was typed. The clinic has one document for terms: "Terms and Conditions" opens Terms of Use.
 */
export const checkoutLegalLinks: ReadonlyArray<{ label: string; slug: LegalDoc['slug'] }> = [
  { label: 'Refund Policy', slug: 'returns-refund-policy' },
  { label: 'Terms and Conditions', slug: 'terms-of-use' },
  { label: 'Terms of Use', slug: 'terms-of-use' },
  { label: 'Privacy Policy', slug: 'privacy-policy' },
  { label: 'HIPAA Notice', slug: 'hipaa-notice' },
  { label: 'Telehealth Consent', slug: 'telehealth-consent' },
];

export function TermsLink({ slug, children }: { slug: LegalDoc['slug']; children: ReactNode }) {
  return (
    <Link to={legalPath(slug)} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

export function LegalLinks() {
  return (
    <nav className="co-legal" aria-label="Checkout policies">
      <ul>
        {checkoutLegalLinks.map((link) => (
          <li key={link.label}>
            <TermsLink slug={link.slug}>{link.label}</TermsLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
