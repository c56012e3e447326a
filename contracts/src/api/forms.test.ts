import { z } from 'zod';
import { submitMdForm } from './forms';

/** The request body as the OpenAPI document publishes it. */
const published = z.toJSONSchema(submitMdForm.body!, {
  io: 'input',
  unrepresentable: 'any',
}) as unknown as {
  properties: { answers: { items: { properties: { answer: { anyOf: unknown[] } } } } };
};

describe("the assessment submission's contract", () => {
  it('publishes a number answer as a whole number, as the server takes it', () => {
    const answer = published.properties.answers.items.properties.answer;
    expect(answer.anyOf).toContainEqual(expect.objectContaining({ type: 'integer', minimum: 0 }));
    expect(answer.anyOf).not.toContainEqual(expect.objectContaining({ type: 'number' }));
  });

  it('takes a whole number as text, refuses any other number, and says what an answer is', () => {
    const body = (answer: unknown) => ({ form_id: 5, answers: [{ id: '24', answer }] });
    expect(submitMdForm.body!.parse(body(4)).answers[0]?.answer).toBe('4');
    const refused = submitMdForm.body!.safeParse(body(5.5));
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['answers.0.answer', 'An answer is text, the options chosen, or a whole number.'],
    ]);
  });
});
