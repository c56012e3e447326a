/**
 * The Drizzle schema declares the whole `intake` schema as its migrations make it: every table
 * and column, with the same nullability and types. A migration that adds a column without
 * declaring it, or a declaration without its migration, fails here.
 */
import { expectServiceSchemaDeclared } from '@clinic/kit/testing';
import { intakeService } from '../app';
import * as schema from './schema';

it('declares every table and column the migrations make', async () => {
  await expectServiceSchemaDeclared(intakeService, schema);
});
