import { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults for the embedded single-node mode', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toBeUndefined();
  });

  it('fails fast naming every missing or invalid variable', () => {
    const schema = baseConfigSchema.extend({ CHECKOUT_URL: z.url() });
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT is invalid');
    expect(message).toContain('DATABASE_URL is invalid');
    expect(message).toContain('CHECKOUT_URL is missing');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(baseConfigSchema, { REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
