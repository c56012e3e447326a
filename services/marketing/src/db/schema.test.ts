/**
 * The Drizzle schema declares the whole `marketing` schema as its migrations make it: every table
 * and column, with the same nullability and types.
 */
import { expectServiceSchemaDeclared } from '@clinic/kit/testing';
import { marketingService } from '../app';
import * as schema from './schema';

it('declares every table and column the migrations make', async () => {
  await expectServiceSchemaDeclared(marketingService, schema);
});
