import { Link } from 'react-router-dom';
import { BRAND_NAME, COMPANY } from '../brand';
import { legalDocs, legalPath } from '../legal/legalDocs';
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
          <Link to="/about" className="site-footer__about">
            About {BRAND_NAME}
          </Link>
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
