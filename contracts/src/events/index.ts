import { leadDisqualified, leadQualified } from './intake';
import { EventRegistry } from './registry';

export * from './envelope';
export * from './registry';
export * from './intake';

/** The product's events; every published event is registered here with its payload schema. */
export const productEvents = new EventRegistry([leadQualified, leadDisqualified]);
