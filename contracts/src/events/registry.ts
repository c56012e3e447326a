import type { EventDefinition } from './envelope';

/**
 * Every event the services exchange, by name and version. A topic is named after its event.
 * Issues that introduce an event register it here, next to its payload schema.
 */
export class EventRegistry {
  private readonly byKey = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const def of definitions) this.register(def);
  }

  register(def: EventDefinition): void {
    const key = `${def.name}@${def.version}`;
    if (this.byKey.has(key)) throw new Error(`Event ${key} is registered twice`);
    this.byKey.set(key, def);
  }

  get(name: string, version: number): EventDefinition | undefined {
    return this.byKey.get(`${name}@${version}`);
  }

  all(): EventDefinition[] {
    return [...this.byKey.values()];
  }
}
