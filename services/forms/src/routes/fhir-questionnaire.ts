/**
 * GET /api/fhir/Questionnaire/{name}: a questionnaire file as a FHIR R4 Questionnaire, public
 * like the file itself. Mapped once when the service starts; cached like the file, the ETag
 * naming its version.
 */
import type { Router } from 'express';
import {
  fhirJson,
  fhirQuestionnaire,
  questionnaireNames,
  type QuestionnaireFile,
  type QuestionnaireName,
} from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import { toFhirQuestionnaire, type FhirQuestionnaire } from '../fhir/questionnaire';

export function fhirQuestionnaireRoute(
  router: Router,
  files: Readonly<Record<QuestionnaireName, QuestionnaireFile>>,
): void {
  const resources = Object.fromEntries(
    questionnaireNames.map((name) => [name, toFhirQuestionnaire(name, files[name])]),
  ) as Record<QuestionnaireName, FhirQuestionnaire>;
  bindRoute(router, fhirQuestionnaire, async ({ params, req, res }) => {
    const resource = resources[params.name];
    const etag = `"fhir-${params.name}-${resource.version}"`;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', etag);
    res.type(fhirJson);
    if (req.get('if-none-match') === etag) res.status(304).end();
    return resource;
  });
}
