import { questionnaireNames } from '@clinic/contracts';
import { compileFhirSchema } from '../fhir/testing/fhir-r4-schema';
import { startForms, type FormsHarness } from '../testing';

describe('GET /api/fhir/Questionnaire/{name}', () => {
  let h: FormsHarness;
  const fhirProblems = compileFhirSchema();
  beforeAll(async () => {
    h = await startForms();
  });
  afterAll(() => h.close());

  it.each(questionnaireNames)(
    'answers %s as a FHIR R4 Questionnaire, valid against the schema, to anyone',
    async (name) => {
      const res = await h.get(`/api/fhir/Questionnaire/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(fhirProblems(res.body)).toEqual([]);
      const file = (await h.get(`/forms/questionnaires/${name}`)).body as { version: string };
      expect(res.body).toMatchObject({
        resourceType: 'Questionnaire',
        status: 'active',
        version: file.version,
      });
      expect(res.headers.etag).toBe(`"fhir-${name}-${file.version}"`);
    },
  );

  it('refuses a name that is not one of the questionnaires', async () => {
    const res = await h.get('/api/fhir/Questionnaire/intake');
    expect(res.status).toBe(400);
  });
});
