import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAt, type TestApp, type TestStore } from '../../test/helpers.js';
import { backgroundHealth } from '../project/background-health.js';

const NOW = Date.UTC(2026, 6, 15, 7, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the abnormal-consumption background pass on its timer', () => {
  let store: TestStore;
  let t: TestApp;
  beforeAll(async () => {
    ({ store, t } = await startAt('sqlite', NOW, { sim: false, abnormalChecks: true }));
    // the timers start when the app is ready (listen, or the first request)
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.app.close();
    await store?.dispose();
  });
  const passed = () => backgroundHealth(t.app.ems).list([1, 2]).filter((h) => h.pass === 'abnormalChecks');

  it("waits for the demo's event history, then judges every project with rules a second or so later", async () => {
    await sleep(1_500);
    // the demo is on and its history's events are not evaluated: nothing judged yet
    expect(t.app.events.historyStatus().state).not.toBe('done');
    expect(passed()).toEqual([]);
    await t.app.events.replayHistory([]);
    expect(t.app.events.historyStatus().state).toBe('done');
    const deadline = Date.now() + 10_000;
    while (passed().length === 0 && Date.now() < deadline) await sleep(200);
    expect(passed()).toEqual([expect.objectContaining({ projectId: 1, failing: false })]);
  }, 30_000);
});
