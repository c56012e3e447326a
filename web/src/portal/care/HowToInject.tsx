/**
 * "How to inject": the steps in plain words, folded away in a <details>, and a small drawing of
 * the three sites the patient rotates through.
 */
import { careTexts, injectionSteps } from './careTexts';

function SitesDrawing() {
  return (
    <svg className="care-sites" viewBox="0 0 60 100" width="60" height="100" role="img">
      <title>{careTexts.sitesPicture}</title>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="30" cy="12" r="8" />
        <path d="M20 26h20l4 34H16zM20 28l-8 30M40 28l8 30M24 60l-2 36M36 60l2 36" />
      </g>
      <g className="care-sites__spot">
        <circle cx="30" cy="48" r="3.5" />
        <circle cx="23" cy="72" r="3.5" />
        <circle cx="45" cy="38" r="3.5" />
      </g>
    </svg>
  );
}

export function HowToInject() {
  return (
    <details className="care-howto">
      <summary>{careTexts.howTo}</summary>
      <div className="care-howto__body">
        <ol className="care-howto__steps">
          {injectionSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <SitesDrawing />
      </div>
    </details>
  );
}
