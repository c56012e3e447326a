import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  isValidVerificationPhone,
  phonePartDigits,
  splitPastedPhone,
  verificationMessages,
  type VerificationPhoneParts,
} from '@clinic/contracts';
import { ChangeActions } from './ChangeActions';
import { changePhone, failureText } from './verifyApi';

const parts = [
  {
    key: 'areaCode',
    id: 'verify-phone-area',
    label: 'Area code',
    length: 3,
    auto: 'tel-area-code',
  },
  {
    key: 'prefix',
    id: 'verify-phone-prefix',
    label: 'Prefix',
    length: 3,
    auto: 'tel-local-prefix',
  },
  {
    key: 'line',
    id: 'verify-phone-line',
    label: 'Line number',
    length: 4,
    auto: 'tel-local-suffix',
  },
] as const satisfies readonly {
  key: keyof VerificationPhoneParts;
  id: string;
  label: string;
  length: number;
  auto: string;
}[];

interface Props {
  /** Called once the server has the new number, with its confirmation text. */
  onUpdated(message: string): void;
  onCancel(): void;
}

/**
 * The "change phone number" sub-screen (spec 000 section 5, "Phone entry in verification"):
 * three digit-only boxes, and no submit until the number is one a phone company could assign.
 */
export function ChangePhoneForm({ onUpdated, onCancel }: Props) {
  const [phone, setPhone] = useState<VerificationPhoneParts>({
    areaCode: '',
    prefix: '',
    line: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const valid = isValidVerificationPhone(phone);

  function change(index: number, raw: string) {
    // A whole number (pasted, autofilled, typed with dashes) fills all three boxes.
    const whole = splitPastedPhone(raw);
    if (whole) {
      setPhone(whole);
      boxes.current[parts.length - 1]?.focus();
      return;
    }
    const { key, length } = parts[index]!;
    const value = phonePartDigits(raw, length);
    setPhone((current) => ({ ...current, [key]: value }));
    if (value.length === length && index < parts.length - 1) boxes.current[index + 1]?.focus();
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && event.currentTarget.value === '' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await changePhone(phone.areaCode + phone.prefix + phone.line);
      onUpdated(answer.message);
    } catch (failure) {
      setError(failureText(failure, verificationMessages.updatePhoneFailed));
      setBusy(false);
    }
  }

  return (
    <form
      className="verify-change"
      id="verify-change-phone"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="verify-fieldset">
        <legend className="field__label">New mobile number</legend>
        <div className="verify-phone">
          {parts.map(({ key, id, label, length, auto }, index) => (
            <input
              key={key}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              id={id}
              className={`field__input verify-phone__${key}`}
              type="tel"
              inputMode="numeric"
              autoComplete={auto}
              aria-label={label}
              placeholder={'0'.repeat(length)}
              disabled={busy}
              value={phone[key]}
              onChange={(event) => change(index, event.target.value)}
              onKeyDown={(event) => keyDown(index, event)}
            />
          ))}
        </div>
        <p className="field__hint">A US mobile number that can receive text messages.</p>
      </fieldset>
      <ChangeActions
        submitId="verify-phone-submit"
        label="Update phone number"
        canSubmit={valid}
        busy={busy}
        error={error}
        onCancel={onCancel}
      />
    </form>
  );
}
