import { describe, expect, it } from 'vitest';

describe('the web suite runs in a browser zone far from the projects', () => {
  it('the test process is in Los Angeles (vitest.config.ts), 16 h from Asia/Shanghai in winter', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
    expect(new Date(Date.UTC(2026, 0, 15, 12)).getHours()).toBe(4);
  });
});
