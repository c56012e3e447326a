import IORedis, { type Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logging/logger';
import { describeError } from './transient-errors';

/**
 * Opens one ioredis connection and waits until it is usable. ioredis reconnects by itself
 * forever once connected; here a first connection that fails is closed (no reconnect loop left
 * behind) and its error thrown, for the caller's retry. Losing and regaining the connection
 * later is logged once each, not once per reconnect attempt, and never with the URL.
 */
export async function connectRedis(
  url: string,
  options: RedisOptions,
  logger: Logger,
  what: string,
): Promise<Redis> {
  const redis = new IORedis(url, { ...options, lazyConnect: true });
  // The first connection's failure is the caller's to report; after it, this listener reports.
  let connected = false;
  let lost = false;
  let refused: unknown;
  redis.on('error', (err: unknown) => {
    refused ??= err;
    if (!connected || lost) return;
    lost = true;
    logger.warn(
      { what, error: describeError(err) },
      `${what}: Redis connection lost; reconnecting`,
    );
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.warn({ what }, `${what}: Redis connection back`);
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    // connect() says only "Connection is closed."; the socket's error says why (ECONNREFUSED).
    throw refused ?? err;
  }
  connected = true;
  return redis;
}
