import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { checkoutTextMax } from '@clinic/contracts';
import { parseAddressText, type AddressFields } from './addressFallback';

export interface AddressSuggestion {
  id: string;
  label: string;
}

/**
 * A maps provider's place autocomplete (US only). None is configured here: without one the
 * typed text goes through the fallback parser. A provider plugs in without changing the form.
 */
export interface AddressSuggestionProvider {
  suggest(text: string): Promise<AddressSuggestion[]>;
  resolve(id: string): Promise<AddressFields | null>;
}

interface Props {
  label: string;
  onFill(address: AddressFields): void;
  disabled?: boolean;
  provider?: AddressSuggestionProvider;
}

const filledNote = 'We filled in the address below. Please check it.';
const manualNote = 'Please enter your address in the fields below.';

/**
 * The address autocomplete of spec 001 section 2: suggestions from the provider when there is
 * one; otherwise, when the visitor leaves the field or presses Enter, "street, city, ST 12345"
 * fills the fields (a unit at the end of the street goes to line 2).
 */
export function AddressAutocomplete({ label, onFill, disabled, provider }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const applied = useRef('');

  useEffect(() => {
    if (!provider || text.trim().length < 3) {
      setSuggestions([]);
      return;
    }
    let active = true;
    const timer = setTimeout(() => {
      provider.suggest(text).then(
        (found) => active && setSuggestions(found.slice(0, 5)),
        () => active && setSuggestions([]),
      );
    }, 250);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [provider, text]);

  function applyFallback() {
    const typed = text.trim();
    if (typed === '' || typed === applied.current) return;
    applied.current = typed;
    const parsed = parseAddressText(typed);
    if (parsed) {
      onFill(parsed);
      setNote(filledNote);
    } else {
      setNote(manualNote);
    }
  }

  async function choose(suggestion: AddressSuggestion) {
    setSuggestions([]);
    setText(suggestion.label);
    applied.current = suggestion.label;
    const place = await provider?.resolve(suggestion.id).catch(() => null);
    if (place) {
      onFill(place);
      setNote(filledNote);
    } else {
      applied.current = '';
      applyFallback();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter fills the fields; it must not submit the checkout form (and pay).
    event.preventDefault();
    applyFallback();
  }

  const hintId = `${id}-hint`;
  const listId = `${id}-list`;
  return (
    <div className="co-field co-field--full address-lookup">
      <label className="co-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="co-input address-lookup__input"
        type="text"
        autoComplete="off"
        placeholder="Start typing your address"
        maxLength={checkoutTextMax}
        value={text}
        disabled={disabled}
        aria-describedby={hintId}
        aria-autocomplete={provider ? 'list' : undefined}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setNote(null);
        }}
        onBlur={applyFallback}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul id={listId} className="address-lookup__list" role="listbox" aria-label={label}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.id} role="option" aria-selected="false">
              <button
                type="button"
                // Before the input's blur, so the chosen place wins over the fallback.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(suggestion)}
              >
                {suggestion.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id={hintId} className="co-field__hint" aria-live="polite">
        {note ?? 'US addresses only, e.g. 123 Main St 4B, Austin, TX 78701'}
      </p>
    </div>
  );
}
