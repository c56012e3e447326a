import { useRef, type KeyboardEvent } from 'react';
import { phonePartLengths, splitPastedPhone, type PhoneParts } from '@clinic/contracts';
import type { StepProps } from './types';

const parts = [
  { key: 'areaCode', label: 'Area code', autoComplete: 'tel-area-code' },
  { key: 'prefix', label: 'Prefix', autoComplete: 'tel-local-prefix' },
  { key: 'line', label: 'Line number', autoComplete: 'tel-local-suffix' },
] as const satisfies readonly { key: keyof PhoneParts; label: string; autoComplete: string }[];

/**
 * Step 5: the mobile number in three boxes (3, 3 and 4 digits). Only digits are kept, a full box
 * hands the focus to the next one, Backspace in an empty box goes back, and a whole number
 * (pasted or autofilled, any formatting) is split across the three boxes.
 */
export function PhoneStep({ draft, update }: StepProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[index]?.focus();

  /** A whole number in any box fills all three; true when it did. */
  function fillAll(text: string): boolean {
    const split = splitPastedPhone(text);
    if (!split) return false;
    update({ phone: split });
    focusBox(parts.length - 1);
    return true;
  }

  function change(index: number, raw: string) {
    const digits = raw.replace(/\D/g, '');
    if (digits.length >= 10 && fillAll(digits)) return;
    const { key } = parts[index]!;
    const value = digits.slice(0, phonePartLengths[key]);
    update({ phone: { ...draft.phone, [key]: value } });
    if (value.length === phonePartLengths[key] && index < parts.length - 1) focusBox(index + 1);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && event.currentTarget.value === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    }
  }

  return (
    <fieldset className="quiz-fieldset">
      <legend className="quiz-field__label">Mobile number</legend>
      <div className="quiz-phone">
        {parts.map(({ key, label, autoComplete }, index) => (
          <input
            key={key}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            type="tel"
            inputMode="numeric"
            className={`quiz-input quiz-phone__${key}`}
            aria-label={label}
            autoComplete={autoComplete}
            size={phonePartLengths[key]}
            placeholder={'0'.repeat(phonePartLengths[key])}
            value={draft.phone[key]}
            onChange={(event) => change(index, event.target.value)}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={(event) => {
              if (fillAll(event.clipboardData.getData('text'))) event.preventDefault();
            }}
          />
        ))}
      </div>
      <p className="quiz-note">
        We text you about your visit and your orders. Message and data rates may apply.
      </p>
    </fieldset>
  );
}
