import { memoryLogger } from '../testing/support';

describe('logger', () => {
  it('redacts health information and secrets at any depth, keeping the rest', () => {
    const { logger, lines } = memoryLogger('intake');
    logger.info(
      {
        leadId: 42,
        body: {
          first_name: 'Ann',
          email: 'ann@example.com',
          bmi: 31.2,
          nested: [{ phone: '5551234567', weight: 220 }],
        },
        headers: { authorization: 'Bearer secret-token' },
        password: 'hunter2',
      },
      'lead stored',
    );
    const [line] = lines();
    const text = JSON.stringify(line);
    for (const secret of [
      'Ann',
      'ann@example.com',
      '31.2',
      '5551234567',
      '220',
      'secret-token',
      'hunter2',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(line).toMatchObject({ service: 'intake', leadId: 42, msg: 'lead stored', level: 30 });
    expect((line?.body as Record<string, unknown>).email).toBe('[redacted]');
  });

  it('keeps error messages and stacks', () => {
    const { logger, lines } = memoryLogger();
    logger.error({ err: new Error('connection refused') }, 'failed');
    expect(JSON.stringify(lines()[0])).toContain('connection refused');
  });
});
