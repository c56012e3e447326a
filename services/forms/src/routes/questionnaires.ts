/**
 * GET /forms/questionnaires/{name}: the questionnaire files, public like the spec's static JSON.
 * They change only with a release, so browsers and CDNs may keep them a few minutes; the ETag
 * is the file's version, so a changed file is fetched again.
 */
import type { Router } from 'express';
import { questionnaire, type QuestionnaireFile, type QuestionnaireName } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';

export function questionnaireRoutes(
  router: Router,
  files: Readonly<Record<QuestionnaireName, QuestionnaireFile>>,
): void {
  bindRoute(router, questionnaire, async ({ params, req, res }) => {
    const file = files[params.name];
    const etag = `"${params.name}-${file.version}"`;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', etag);
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return file;
    }
    return file;
  });
}
