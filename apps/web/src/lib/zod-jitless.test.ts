import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('zod takes jitless from the global config set before it loads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
