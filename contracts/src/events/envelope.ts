import { z } from 'zod';

/** Who caused an event: the request or event it descends from, for tracing a chain across services. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** The one envelope every event travels in, on every bus. `data` is checked against the registry. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
  metadata: eventMetadataSchema,
});
export type EventEnvelope<D = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: D;
};

export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  version: number;
  schema: S;
  /** The aggregate an event belongs to; events with the same key are delivered in order. */
  keyOf: (data: z.infer<S>) => string;
  description: string;
}

export function defineEvent<N extends string, S extends z.ZodType>(
  def: EventDefinition<N, S>,
): EventDefinition<N, S> {
  if (!/^[a-z]+(-[a-z]+)*$/.test(def.name)) {
    throw new Error(`Event name "${def.name}" must be kebab-case: it is the topic name`);
  }
  return def;
}

export type EventData<E> = E extends EventDefinition<string, infer S> ? z.infer<S> : never;
