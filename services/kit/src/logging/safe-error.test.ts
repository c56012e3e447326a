import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from '../db/pglite-database';
import { memoryLogger } from '../testing/support';
import { openTestDatabase } from '../testing/test-database';

/** What a lead carries: everything here is patient data that must never be logged. */
const patient = {
  email: 'dana.phi@example.com',
  firstName: 'Dana',
  dob: '03/14/1985',
  phone: '5125550188',
  weight: 213.7,
};

describe('errors in the log', () => {
  let database: PgliteDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table leads (email text not null, first_name text, dob text, phone text,
                              weight numeric, age integer)`,
    );
  });
  afterAll(() => database.close());

  async function failedQuery(query: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await database.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('the query was expected to fail');
  }

  it.each([
    [
      'a NUL byte in a value',
      sql`insert into leads (email, first_name, dob, phone, weight)
          values (${patient.email}, ${`${patient.firstName}\u0000`}, ${patient.dob},
                  ${patient.phone}, ${patient.weight})`,
    ],
    [
      'an out-of-range integer',
      sql`insert into leads (email, first_name, dob, phone, age)
          values (${patient.email}, ${patient.firstName}, ${patient.dob}, ${patient.phone},
                  ${2 ** 40})`,
    ],
    [
      'a value of the wrong type, quoted back by Postgres',
      sql`insert into leads (email, first_name, dob, phone, weight)
          values (${patient.email}, ${patient.firstName}, ${patient.dob}, ${patient.phone},
                  ${patient.email})`,
    ],
  ])('logs a failed query with %s without the values it was sent', async (_what, query) => {
    const err = await failedQuery(query);
    // The raw error does carry the patient's data: that is what must not get through.
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err)) + String(err)).toContain(
      patient.email,
    );

    const { logger, lines } = memoryLogger('intake');
    logger.error({ err, requestId: 'r1' }, 'request failed');
    logger.warn({ failure: err }, 'elsewhere in a logged object');
    for (const line of lines()) {
      const text = JSON.stringify(line);
      for (const value of Object.values(patient)) expect(text).not.toContain(String(value));
      expect(text).not.toContain('\\u0000');
    }
    const [first] = lines();
    // What an operator needs stays: the kind of failure, its SQLSTATE and the statement.
    expect(first).toMatchObject({ requestId: 'r1', msg: 'request failed' });
    const logged = JSON.stringify(first?.err);
    expect(logged).toMatch(/"code":"(22021|22003|22P02)"/);
    expect(logged).toContain('insert into leads');
  });

  it('keeps the message and stack of an ordinary error, and its cause', () => {
    const { logger, lines } = memoryLogger();
    logger.error(
      { err: new Error('card processor timed out', { cause: new Error('socket hang up') }) },
      'failed',
    );
    const err = lines()[0]?.err as Record<string, unknown>;
    expect(err.message).toBe('card processor timed out');
    expect(String(err.stack)).toContain('safe-error.test.ts');
    expect((err.cause as Record<string, unknown>).message).toBe('socket hang up');
  });
});
