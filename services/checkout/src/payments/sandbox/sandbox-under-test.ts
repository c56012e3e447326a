/** The sandbox processor of a checkout under test, with its tokenizer and charge count. */
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { type ServiceUnderTest } from '@clinic/kit/testing';
import { sandboxCharges } from '../../db/schema';
import { SandboxProcessor } from './sandbox-processor';

export async function sandboxUnderTest(service: ServiceUnderTest) {
  return {
    processor: new SandboxProcessor(service.engines.database, service.runtime.clock),
    tokenFor: async (number: string) => {
      const res = await request(service.app)
        .post('/sandbox/v1/tokens')
        .send({ card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } });
      if (res.status !== 200) throw new Error(`tokenize failed: ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    },
    chargesDescribed: async (description: string) => {
      const [row] = await service.engines.database.db
        .select({ n: count() })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.description, description));
      return row?.n ?? 0;
    },
  };
}
