import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EVENT_API, type EventRecord } from '@ems/contract';
import { apiCall, rootInProject } from './support/api.js';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { DEMO_PASSWORD, login } from './support/flows.js';
import { startSeededServer } from './support/seeded.js';
import type { RunningServer } from './support/server.js';

/**
 * The event pages on the default 13 months of demo history (issue 11 defect 6), in a browser far from
 * the plant's zone: the history's events are there (the rule engine evaluated it after the seed), the
 * planted 21-day night leak is one event that began on its first night, a demand event months back
 * holds the demand against the tariff's 2000 kW, and what each reads follows what it measures.
 */
let server: RunningServer;
let browser: Browser;
const DAY = 86_400_000;

/** The factory's events of these log types over the whole history, newest first (as ROOT). */
async function events(logTypes: number[]): Promise<EventRecord[]> {
  const root = await rootInProject(server, '华东示范工厂');
  const r = await apiCall<EventRecord[]>(server, EVENT_API.query, { headers: root.inProject, body: { startTime: Date.now() - 400 * DAY, endTime: Date.now() + DAY, logTypes, page: { index: 0, limit: 1000 } } });
  return r.data;
}

/** The detail drawer of an event, opened from a link as a notification opens it; its fields' text. */
async function detailOf(page: Page, route: string, id: number): Promise<string> {
  await page.goto(`${server.url}/#/${route}?eventId=${id}`);
  const fields = page.getByTestId('event-detail-fields');
  await fields.waitFor({ timeout: 60_000 });
  return fields.innerText();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
}, 900_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the events of the seeded history (fw_cloud, browser in America/Los_Angeles)', () => {
  it('the night leak is one event from its first night, read as night use in m³ an hour', async () => {
    const leak = (await events([703])).filter((e) => e.nodeName === '1#厂房卫生间用水');
    expect(leak).toHaveLength(1);
    const e = leak[0] as EventRecord;
    // planted from local midnight 21 days before the seed's now, and still going
    expect(Date.now() - e.startTime).toBeGreaterThan(20 * DAY);
    expect(e.endTime).toBeNull();
    const context = await newContext(browser, { theme: 'light', language: 'zh_cn' });
    const page = await context.newPage();
    try {
      await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
      const text = await detailOf(page, 'energyConsumptionEvent', e.id);
      expect(text).toContain('能耗异常');
      expect(text).toContain('夜间每小时累计水量');
      expect(text).toMatch(/\d+\.\d{2} m³\/h/);
      // it began at a plant midnight, and the page shows that start on the plant's clock though the browser is in Los Angeles
      const shanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(e.startTime);
      expect(shanghai.slice(11)).toBe('00:00:00');
      expect(text).toContain(shanghai);
      await screenshot(page, 'event-history-leak-light-zh');

      // a demand over-limit months back, against the contracted demand of the tariff, in kW
      const old = (await events([705])).filter((x) => x.startTime < Date.now() - 150 * DAY);
      expect(old.length).toBeGreaterThan(20);
      const demand = await detailOf(page, 'demandevent', (old[0] as EventRecord).id);
      expect(demand).toContain('需量越限');
      expect(demand).toMatch(/限值\s+2000\.00 kW/);
      expect(demand).not.toContain('功率越限');
      await screenshot(page, 'event-history-demand-light-zh');
    } finally {
      await context.close();
    }
  }, 300_000);

  it('a loss warning reads its loss rate in %, and the demand page lists the history month by month', async () => {
    const loss = await events([706]);
    expect(loss.length).toBeGreaterThan(0);
    const context = await newContext(browser, { theme: 'dark', language: 'zh_cn' });
    const page = await context.newPage();
    try {
      await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
      const text = await detailOf(page, 'energyLossWarning', (loss[0] as EventRecord).id);
      expect(text).toContain('损耗超标');
      expect(text).toContain('累计水量损耗率');
      // value and limit in % (the meter's own limits below them stay in m³)
      expect(text).toMatch(/值\s+\d+\.\d{2} %/);
      expect(text).toMatch(/限值\s+5\.00 %/);
      await screenshot(page, 'event-history-loss-dark-zh');
    } finally {
      await context.close();
    }
  }, 300_000);
});
