import { usStates } from '@clinic/contracts';

const states = Object.entries(usStates);

/** The options of a US state select: a placeholder, then every state by name, valued by code. */
export function StateOptions({ placeholder = 'Select' }: { placeholder?: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {states.map(([name, code]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
