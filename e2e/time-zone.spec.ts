import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ANALYSIS_API, COST_API, MONITOR_API, POWER_API, type ApiReply, type BusbarView, type ConsumptionAnalysis, type ConsumptionQuery, type MonitorDevices, type MonthBill } from '@ems/contract';
import { BROWSER_TIMEZONE, launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * HOUSE-STYLE rule 15 (issue 11, defect 2): in a browser 16 h behind the demo projects'
 * Asia/Shanghai, every time the pages show, pick and send is the plant's. The month axis of 能耗分析
 * starts at the 1st, 基本电费's maximum-demand time is the server's instant on Shanghai's clock, and
 * 设备监测 and 母线监测 read the same clock. Then the changed pages are photographed in a UTC browser.
 */
let server: RunningServer;
let browser: Browser;
const SH = 'Asia/Shanghai';
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

/** `ts` on the wall clock of `timeZone` as 'YYYY-MM-DD HH:mm:ss' (`seconds` false: without them). */
function wallClock(ts: number, timeZone: string, seconds = true): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(ts))
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  const hm = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  return seconds ? `${hm}:${p.second}` : hm;
}

/** The instant of 00:00 on the 1st of the Shanghai month holding `ts` (Shanghai keeps +08:00 all year). */
function shanghaiMonthStart(ts: number): number {
  const [y, m] = wallClock(ts, SH).split('-').map(Number) as [number, number];
  return Date.UTC(y, m - 1, 1) - 8 * 3_600_000;
}

async function open(timezoneId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { theme: 'light', height: 1300, ...(timezoneId ? { timezoneId } : {}) });
  const page = await context.newPage();
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  return { context, page };
}

/** Goes to a route and returns the first reply of `api` (and its request body) the page received. */
async function go<T, B = unknown>(page: Page, route: string, api: string): Promise<{ reply: T; body: B }> {
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  const res = await answered;
  return { reply: ((await res.json()) as ApiReply<T>).data, body: res.request().postDataJSON() as B };
}

/** The first line of the axis tooltip nearest the left of a chart (its first category), hovering from the left. */
async function firstCategory(page: Page, chart: string): Promise<string> {
  const box = (await page.locator(`${chart} canvas`).first().boundingBox())!;
  for (let x = box.x + 4; x < box.x + box.width / 2; x += 6) {
    await page.mouse.move(x, box.y + box.height / 2);
    const tip = await page.evaluate((sel) => {
      const tips = Array.from(document.querySelectorAll<HTMLElement>(`${sel} div`)).filter((d) => d.style.zIndex === '9999999' && d.style.display !== 'none' && d.style.opacity !== '0');
      return tips[0]?.innerText ?? '';
    }, chart);
    if (tip.trim()) return tip.trim().split('\n')[0]!.trim();
  }
  throw new Error(`no tooltip on ${chart}`);
}

beforeAll(async () => {
  // 40 days of history: this month and the last one, the server clock pinned
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '40' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe(`a browser in ${BROWSER_TIMEZONE} shows the plant's clock (Asia/Shanghai)`, () => {
  it('the browser really is far from the project: its clock reads another hour', async () => {
    const { context, page } = await open();
    try {
      const browserHour = await page.evaluate(() => new Date().getHours());
      expect(browserHour).not.toBe(Number(wallClock(Date.now(), SH).slice(11, 13)));
    } finally {
      await context.close();
    }
  }, 120_000);

  it("能耗分析: the month asked and drawn runs from the 1st 00:00 in Shanghai; '截至' is the plant's time", async () => {
    const { context, page } = await open();
    try {
      const { reply, body } = await go<ConsumptionAnalysis, ConsumptionQuery>(page, '/energyConsumption', ANALYSIS_API.consumption);
      const first = shanghaiMonthStart(Date.now());
      expect(body.startTime).toBe(first);
      expect(reply.series[0]?.time).toBe(first);
      await page.getByTestId('analysis-footnote').waitFor();
      await expect(page.getByTestId('analysis-footnote').innerText()).resolves.toContain(wallClock(reply.comparedUntil, SH, false));
      await page.locator('[data-testid="analysis-bars"] canvas').first().waitFor();
      await page.waitForTimeout(600);
      expect(await firstCategory(page, '[data-testid="analysis-bars"]')).toBe(wallClock(first, SH).slice(5, 10));
      expect(wallClock(first, SH).slice(8, 10)).toBe('01');
    } finally {
      await context.close();
    }
  }, 120_000);

  it("基本电费: the maximum demand's time is the server's instant on Shanghai's clock", async () => {
    const { context, page } = await open();
    try {
      const { reply } = await go<MonthBill>(page, '/baseEnergyFee', COST_API.bill);
      expect(reply.mdTime).not.toBeNull();
      const card = page.getByTestId('cost-kpi-md').locator('xpath=ancestor::div[contains(@class, "ant-card")][1]');
      await card.waitFor({ timeout: 30_000 });
      await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(wallClock(reply.mdTime!, SH, false));
      expect(await card.innerText()).not.toContain(wallClock(reply.mdTime!, BROWSER_TIMEZONE, false));
    } finally {
      await context.close();
    }
  }, 120_000);

  it('设备监测 and 母线监测 read the same clock: each shows its readings on Shanghai time', async () => {
    const { context, page } = await open();
    try {
      const devices = await go<MonitorDevices>(page, '/deviceMonitor', MONITOR_API.devices);
      const device = devices.reply.devices.find((d) => d.lastTs !== null)!;
      const last = page.locator(`[data-testid="monitor-device"][data-device-id="${device.id}"] [data-testid="monitor-last"]`);
      await expect.poll(() => last.innerText(), { timeout: 30_000 }).toContain(wallClock(device.lastTs!, SH));
      const shownAtMonitor = /\d{4}-\d\d-\d\d \d\d:\d\d/.exec(await last.innerText())![0];

      const busbar = await go<BusbarView>(page, '/generatrixMonitor', POWER_API.busbar);
      const bay = busbar.reply.supplies.flatMap((s) => s.blocks.flatMap((b) => [...(b.lvMain ? [b.lvMain] : []), ...b.busbars.flatMap((u) => u.feeders)])).find((b) => b.meter?.ts)!;
      const row = page.getByTestId('busbar-table').locator('tr', { hasText: bay.name }).first();
      await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(wallClock(bay.meter!.ts!, SH, false));
      const shownAtBusbar = /\d{4}-\d\d-\d\d \d\d:\d\d/.exec(await row.innerText())![0];
      // the same minute of the same plant: within a quarter of an hour of each other, not 16 h apart
      const asUtc = (s: string) => Date.parse(`${s.replace(' ', 'T')}:00Z`);
      expect(Math.abs(asUtc(shownAtMonitor) - asUtc(shownAtBusbar))).toBeLessThan(20 * 60_000);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('screenshots of the time-zone pages in a UTC browser', () => {
  it.each([
    ['energyConsumption', 'analysis-bars'],
    ['dudianEnergyFee', 'cost-kpi-energy'],
    ['baseEnergyFee', 'cost-kpi-md'],
    ['energyPredict', 'forecast-chart'],
    ['energyPredictionAndAnalysis', 'forecast-chart'],
    ['deviceMonitor', 'monitor-device'],
    ['generatrixMonitor', 'busbar-table'],
    ['powertransformerAnalysis', 'dev-trend-card'],
    ['energyFlowAnalysis', 'flow-refreshed'],
    ['balanceConsumption', 'balance-page'],
    ['plantEnvironment', 'plant-environment'],
    ['equipmentTrendAnalysis', 'equipment-trend'],
    ['home', 'project-dashboard'],
  ])('/%s', async (route, ready) => {
    const { context, page } = await open('UTC');
    try {
      await page.evaluate((r) => (location.hash = `#/${r}`), route);
      await page.getByTestId(ready).first().waitFor({ timeout: 60_000 });
      // the part that carries the times in view (变压器分析's power-quality trends sit below the fold)
      await page.getByTestId(ready).first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      await screenshot(page, `time-zone-utc-${route}`);
    } finally {
      await context.close();
    }
  }, 120_000);
});
