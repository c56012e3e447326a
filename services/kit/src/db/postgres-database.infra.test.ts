import { sql } from 'drizzle-orm';
import { TcpProxy } from '../testing/tcp-proxy';
import { describeDatabaseContract } from './database.suite';
import { PostgresDatabase } from './postgres-database';
import { infraEnv } from '../testing/infra-env';

describeDatabaseContract('PostgreSQL server', () => PostgresDatabase.open(infraEnv().DATABASE_URL));

describe('a PostgreSQL connection lost while a transaction holds it', () => {
  const { hostname, port } = new URL(infraEnv().DATABASE_URL);
  let proxy: TcpProxy;
  let database: PostgresDatabase;

  beforeAll(async () => {
    proxy = await TcpProxy.create({ host: hostname, port: Number(port) });
    await proxy.open();
    database = await PostgresDatabase.open(TcpProxy.redirect(infraEnv().DATABASE_URL, proxy));
  });
  afterAll(async () => {
    await database.close();
    await proxy.close();
  });

  it('fails that transaction, not the process, and the pool connects again', async () => {
    const transaction = database.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The server goes away between two statements: no query is running to receive the error.
      await proxy.close();
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 2`);
    });
    await expect(transaction).rejects.toThrow();
    await proxy.open();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
