/**
 * Another service's setting, kept by a service that reads it (e.g. checkout's copy of intake's
 * state rules). Guarantees:
 * - the owner's event carries the whole value and its version; one instance of this service
 *   handles each event (the inbox makes a redelivery harmless) and stores it in its own
 *   `settings` with `applyCopy`, so a repeated or late event never moves the copy back;
 * - every instance reads through a SettingCache, fresh within a second: in cluster mode each
 *   process sees the change a second after any instance applied it, with no restart;
 * - before the first event the copy reads as the setting's seed, the owner's seed too.
 */
import type { EventData, EventDefinition } from '@clinic/contracts';
import type { z } from 'zod';
import { defineSubscriber, type Subscriber } from '../events/subscriber';
import type { ServiceRuntime } from '../runtime/service-runtime';
import { SettingCache } from './setting-cache';
import { defineSetting, SettingStore, type SettingDefinition } from './setting-store';

export interface SettingCopy<S extends z.ZodType, E extends EventDefinition> {
  /** The copy as this process reads it. */
  cache: SettingCache<S>;
  /** Register it among the service's subscribers. */
  subscriber: Subscriber<E>;
}

export function settingCopy<S extends z.ZodType, E extends EventDefinition>(
  runtime: ServiceRuntime,
  opts: {
    definition: SettingDefinition<S>;
    /** The owner's event of a change. */
    event: E;
    /** The subscriber's name in the inbox, e.g. `keep-state-rules`. */
    subscriberName: string;
    /** The version and whole value an event carries. */
    changeOf: (data: EventData<E>) => { version: number; value: unknown };
    maxAgeMs?: number;
  },
): SettingCopy<S, E> {
  const store = new SettingStore(runtime.name, defineSetting(opts.definition));
  const cache = new SettingCache(store, runtime.engines.database, { maxAgeMs: opts.maxAgeMs });
  const subscriber = defineSubscriber({
    name: opts.subscriberName,
    event: opts.event,
    async handle(data, { tx }) {
      const { version, value } = opts.changeOf(data);
      if (await store.applyCopy(tx, version, value)) cache.invalidate();
    },
  });
  return { cache, subscriber };
}
