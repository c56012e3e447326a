import { Link } from 'react-router-dom';
import { BRAND_NAME, COMPANY, SUPPORT_CONTACT } from '../brand';
import { legalDocs, legalPath } from '../legal';
import { mailtoHref, telHref } from '../support';
import { CardBrands } from './CardBrands';
import { LegitimacySeal } from './LegitimacySeal';
import { Wordmark } from './Logo';
import './Footer.css';

/** The footer on every page (spec 000, "Global elements"). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__company">
          <Wordmark size={28} />
          <address className="site-footer__address">
            {COMPANY.legalName}
            {COMPANY.addressLines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </address>
          <ul className="site-footer__help">
            <li>
              <Link to="/about" className="site-footer__about">
                About {BRAND_NAME}
              </Link>
            </li>
            <li>
              <Link to="/support" className="site-footer__about">
                Help and support
              </Link>
            </li>
            <li>
              <Link to="/faq" className="site-footer__about">
                FAQ
              </Link>
            </li>
          </ul>
          <p className="site-footer__contact">
            <a href={telHref(SUPPORT_CONTACT.phone)}>{SUPPORT_CONTACT.phone}</a>
            <span aria-hidden="true"> · </span>
            <a href={mailtoHref(SUPPORT_CONTACT.email)}>{SUPPORT_CONTACT.email}</a>
            <br />
            {SUPPORT_CONTACT.hours}
          </p>
        </div>

        <nav className="site-footer__legal" aria-label="Legal">
          <ul>
            {legalDocs.map((doc) => (
              <li key={doc.slug}>
                <Link to={legalPath(doc.slug)}>{doc.title}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-footer__trust">
          <CardBrands />
          <LegitimacySeal />
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>
          In a medical emergency, call 911. © {year} {COMPANY.legalName}
        </p>
      </div>
    </footer>
  );
}
