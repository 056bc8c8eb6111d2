import { afterAll, beforeAll } from 'vitest';

/**
 * For the tests of one file: the "browser" (the test process) sits in `timeZone` — by default Los
 * Angeles, 16 h behind the demo projects' Shanghai — so a time formatted in the browser's zone instead
 * of the project's shows up as a wrong text, whatever zone the machine running the tests is in.
 */
export function browserInZone(timeZone = 'America/Los_Angeles'): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
