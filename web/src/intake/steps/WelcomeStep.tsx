import type { StepProps } from './types';

const promises = [
  'All dosages are the same price',
  'Board-certified physicians review every request',
  'Medication from licensed 503A pharmacy partners',
];

/** Step 1: the care coordinator's welcome and the agreement to terms, privacy and telehealth. */
export function WelcomeStep({ draft, update }: StepProps) {
  return (
    <>
      <p className="quiz__lead">
        I&apos;m your care coordinator. A few quick questions tell us whether GLP-1 weight-loss
        medication is right for you. It takes about two minutes.
      </p>
      <ul className="quiz__bullets">
        {promises.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <label className="quiz-check">
        <input
          type="checkbox"
          checked={draft.agreedToTerms}
          onChange={(event) => update({ agreedToTerms: event.target.checked })}
        />
        <span>
          I agree to the{' '}
          <a href="/legal/terms-of-use" target="_blank" rel="noopener">
            Terms of Use
          </a>
          ,{' '}
          <a href="/legal/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy
          </a>{' '}
          and{' '}
          <a href="/legal/telehealth-consent" target="_blank" rel="noopener">
            Telehealth Consent
          </a>
          .
        </span>
      </label>
    </>
  );
}
