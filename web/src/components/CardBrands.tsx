import type { ReactNode } from 'react';

/** Accepted card brands, drawn inline (no external images). */
function Badge({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className="card-brands__item">
      <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={label}>
        <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#d5dcdb" />
        {children}
      </svg>
    </li>
  );
}

export function CardBrands() {
  return (
    <ul className="card-brands" aria-label="Accepted cards">
      <Badge label="Visa">
        <text
          x="24"
          y="19.5"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="12"
          fontWeight="800"
          fontStyle="italic"
          fill="#1a1f71"
        >
          VISA
        </text>
      </Badge>
      <Badge label="Mastercard">
        <circle cx="19.5" cy="15" r="7.5" fill="#eb001b" />
        <circle cx="28.5" cy="15" r="7.5" fill="#f79e1b" fillOpacity="0.9" />
      </Badge>
      <Badge label="American Express">
        <rect x="4" y="5" width="40" height="20" rx="2" fill="#1f72cd" />
        <text
          x="24"
          y="18.5"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="9"
          fontWeight="800"
          fill="#fff"
        >
          AMEX
        </text>
      </Badge>
      <Badge label="Discover">
        <text
          x="20"
          y="17.5"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="6.2"
          fontWeight="700"
          textLength="30"
          lengthAdjust="spacingAndGlyphs"
          fill="#231f20"
        >
          DISCOVER
        </text>
        <circle cx="40.5" cy="15.3" r="2.8" fill="#f48120" />
      </Badge>
    </ul>
  );
}
