import { openTestDatabase } from '../testing/test-database';
import { describeServiceRolesContract } from './roles.suite';

// Single-node: every service on the one embedded engine, each as its role.
describeServiceRolesContract('PGlite', () => openTestDatabase());
