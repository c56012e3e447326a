import { EventRegistry } from './registry';

export * from './envelope';
export * from './registry';

/** The product's events. Empty until the first business event lands (intake, checkout, clinic). */
export const productEvents = new EventRegistry([]);
