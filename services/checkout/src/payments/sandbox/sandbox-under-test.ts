/** The sandbox processor of a checkout under test, with its tokenizer and charge count. */
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { rows } from '@clinic/kit';
import { type ServiceUnderTest } from '@clinic/kit/testing';
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
      const [row] = await rows<{ n: number }>(
        service.engines.database.db,
        sql`select count(*)::int as n from checkout.sandbox_charges where description = ${description}`,
      );
      return row?.n ?? 0;
    },
  };
}
