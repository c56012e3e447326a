import { describeDatabaseContract } from './database.suite';
import { PostgresDatabase } from './postgres-database';
import { infraEnv } from '../testing/infra-env';

describeDatabaseContract('PostgreSQL server', () => PostgresDatabase.open(infraEnv().DATABASE_URL));
