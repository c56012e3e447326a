import { useCallback, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { verificationLimits } from '@clinic/contracts';

const length = verificationLimits.codeLength;

export function emptyCode(): string[] {
  return Array.from({ length }, () => '');
}

export interface CodeBoxesHandle {
  focusFirst(): void;
}

interface Props {
  digits: readonly string[];
  onChange(digits: string[]): void;
  disabled?: boolean;
  ref?: Ref<CodeBoxesHandle>;
}

/**
 * The code as four one-digit boxes (spec 000 section 5, "Code entry"). Only digits get in; a
 * digit moves on to the next box; Backspace in an empty box goes back and clears that one; a
 * whole code (pasted, or autofilled from the SMS into the first box) fills every box.
 */
export function CodeBoxes({ digits, onChange, disabled, ref }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = useCallback((index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    // Selected, a typed digit replaces the one there instead of joining it.
    box?.select();
  }, []);

  useImperativeHandle(ref, () => ({ focusFirst: () => focusBox(0) }), [focusBox]);

  function put(index: number, digit: string) {
    const next = [...digits];
    next[index] = digit;
    onChange(next);
  }

  /** Writes `text`'s digits into the boxes from `from` on. */
  function spread(from: number, text: string) {
    const next = [...digits];
    let index = from;
    for (const digit of text) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(index);
  }

  function change(index: number, raw: string) {
    const typed = raw.replace(/\D/g, '');
    if (typed === '') {
      // An emptied box is cleared; a typed letter or sign is simply not taken.
      if (raw === '') put(index, '');
      return;
    }
    const old = digits[index] ?? '';
    if (typed.length >= length) return spread(0, typed.slice(0, length));
    if (typed.length === 1 || (typed.length === 2 && old !== '' && typed.includes(old))) {
      // One new digit typed beside the one already there: keep the new one.
      const digit = typed.length === 1 ? typed : typed.replace(old, '');
      put(index, digit);
      if (index < length - 1) focusBox(index + 1);
      return;
    }
    spread(index, typed);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && event.currentTarget.value === '' && index > 0) {
      event.preventDefault();
      put(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function paste(index: number, text: string) {
    const pasted = text.replace(/\D/g, '');
    if (pasted !== '') spread(pasted.length >= length ? 0 : index, pasted.slice(0, length));
  }

  return (
    <div className="verify-code__boxes">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          id={`verify-digit-${index + 1}`}
          className="verify-code__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          disabled={disabled}
          value={digit}
          onChange={(event) => change(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          onPaste={(event) => {
            // Text without a digit is refused as well: nothing of it may land in a box.
            event.preventDefault();
            paste(index, event.clipboardData.getData('text'));
          }}
        />
      ))}
    </div>
  );
}
