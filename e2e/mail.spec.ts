import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { EMAIL_API, REPORT_API, type ApiReply, type EmailCheckResult, type MailScheme, type ReportTemplate } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { DEMO_PASSWORD, dialogSettled, login } from './support/flows.js';
import { startSeededServer } from './support/seeded.js';
import { waitSeeded, type RunningServer } from './support/server.js';

/**
 * E-mail distribution (issue 15) as a person sets it up, in one browser session (America/Los_Angeles;
 * the project is in Asia/Shanghai): pf_admin enters the demo factory, saves a report template on
 * /onlyReport, points /emailserverset at a real SMTP server started by this test (smtp-server, login
 * required) and sends a test mail, then on /emailreceiveset makes a scheme mailing that report to an
 * address and sends it now: the mail arrives, its xlsx attachment is the report, and the send log
 * says it was sent.
 */
let server: RunningServer & { now: number };
let browser: Browser;
let smtp: { port: number; mails: ParsedMail[]; close: () => Promise<void> };

/** A real SMTP server on a free loopback port: plain SMTP with login (ems / s3cret); every mail parsed. */
async function startSmtp() {
  const mails: ParsedMail[] = [];
  const s = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, cb) => (auth.username === 'ems' && auth.password === 's3cret' ? cb(null, { user: 'ems' }) : cb(new Error('535 authentication failed'))),
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          cb();
        })
        .catch(cb);
    },
  });
  s.listen(0, '127.0.0.1');
  await once(s.server, 'listening');
  return { port: (s.server.address() as AddressInfo).port, mails, close: () => new Promise<void>((r) => s.close(() => r())) };
}

const to = (m: ParsedMail) => (m.to && 'value' in m.to ? (m.to.value[0]?.address ?? '') : '');
const reply = async <T>(p: Promise<Response>) => ((await (await p).json()) as ApiReply<T>).data;
const answered = (page: Page, path: string, method: string) => page.waitForResponse((r) => r.url().split('?')[0]!.endsWith(path) && r.request().method() === method, { timeout: 60_000 });

async function go(page: Page, hash: string, ready: string) {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.locator(`[data-testid="${ready}"][data-ready="true"]`).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  [server, browser, smtp] = await Promise.all([startSeededServer(), launchBrowser(), startSmtp()]);
  await waitSeeded(server);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('e-mail distribution (issue 15)', () => {
  it('light en, pf_admin: a report template, the SMTP server with a test mail, a scheme sent now: the report arrives as xlsx', async () => {
    const context = await newContext(browser, { locale: 'en-US', theme: 'light', language: 'en', height: 1100 });
    const page = await context.newPage();
    try {
      await login(page, server.url, 'pf_admin', DEMO_PASSWORD);
      await page.getByTestId('enter-project').first().click();
      await page.getByTestId('project-home').waitFor();

      // the daily report of the factory, saved as a template
      await go(page, '#/onlyReport', 'report-page');
      await page.getByTestId('report-template-save').click();
      await page.getByTestId('report-template-name').fill('E2E daily electricity');
      const saved = answered(page, REPORT_API.create, 'POST');
      await page.getByTestId('report-template-ok').click();
      const template = await reply<ReportTemplate>(saved);
      expect([template.name, template.kind]).toEqual(['E2E daily electricity', 'daily']);

      // the SMTP server: saved, then a test mail with the server's answer
      await go(page, '#/emailserverset', 'email-server-page');
      await page.getByTestId('email-host').fill('127.0.0.1');
      // plain SMTP (the test server offers no STARTTLS): the mode first, it proposes its usual port
      await page.getByTestId('email-tls').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^None$/ }).click();
      await page.getByTestId('email-port').fill(String(smtp.port));
      await page.getByTestId('email-user').fill('ems');
      await page.getByTestId('email-password').fill('s3cret');
      await page.getByTestId('email-from').fill('ems@plant.example.com');
      await page.getByTestId('email-from-name').fill('EMS Factory');
      const put = answered(page, EMAIL_API.saveServer, 'PUT');
      await page.getByTestId('email-save').click();
      expect((await put).status()).toBe(200);
      await page.getByTestId('email-password-set').waitFor();
      await page.getByTestId('email-test-to').fill('manager@plant.example.com');
      const tested = answered(page, EMAIL_API.testSend, 'POST');
      await page.getByTestId('email-test-send').click();
      const check = await reply<EmailCheckResult>(tested);
      expect(check.ok, check.error).toBe(true);
      expect(check.response).toMatch(/^250/);
      await expect.poll(() => page.getByTestId('email-result').textContent(), { timeout: 15_000 }).toContain('250');
      await expect.poll(() => smtp.mails.map(to), { timeout: 30_000 }).toContain('manager@plant.example.com');
      await page.waitForTimeout(300);
      await screenshot(page, 'mail-server-light-en');

      // a scheme mailing the template daily at 08:00 to an address, then sent now
      await go(page, '#/emailreceiveset', 'email-receive-page');
      await page.getByTestId('mail-scheme-add').click();
      await dialogSettled(page);
      await page.getByTestId('mail-scheme-name').fill('E2E energy team');
      await page.getByTestId('mail-scheme-addresses').click();
      await page.keyboard.type('energy@plant.example.com');
      await page.keyboard.press('Enter');
      await page.getByTestId('mail-report-add').click();
      await page.getByTestId('mail-report-template').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E2E daily electricity' }).click();
      await page.waitForTimeout(300);
      await screenshot(page, 'mail-scheme-dialog-light-en');
      const created = answered(page, EMAIL_API.create, 'POST');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      const scheme = await reply<MailScheme>(created);
      expect(scheme.resolved).toEqual(['energy@plant.example.com']);
      expect(scheme.reports).toEqual([{ templateId: template.id, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }]);
      const row = page.getByTestId('mail-scheme-table').locator('tr', { hasText: 'E2E energy team' });
      await row.waitFor({ timeout: 15_000 });

      const before = smtp.mails.length;
      const sent = answered(page, EMAIL_API.sendNow.replace(':id', String(scheme.id)), 'POST');
      await row.getByTestId('scheme-send-now').click();
      expect((await sent).status()).toBe(200);
      await expect.poll(() => smtp.mails.slice(before).map(to), { timeout: 60_000 }).toContain('energy@plant.example.com');
      const mail = smtp.mails.slice(before).find((m) => to(m) === 'energy@plant.example.com')!;
      const xlsx = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'));
      expect(xlsx, `attachments: ${mail.attachments.map((a) => a.filename).join(', ')}`).toBeDefined();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx!.content as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      // the template's report in the scheme's language (zh-CN), of the last complete day in Shanghai
      expect(String(sheet.getCell(1, 1).value)).toContain('日报');
      expect(String(sheet.getCell(1, 1).value)).toContain('华东示范工厂');
      expect(sheet.getRow(5).getCell(2).value).toBe('00:00');

      // the send log says so
      await page.getByTestId('mail-log-refresh').click();
      await expect.poll(() => page.getByTestId('mail-log-table').textContent(), { timeout: 30_000 }).toContain('energy@plant.example.com');
      await page.waitForTimeout(300);
      await screenshot(page, 'mail-receive-light-en');
    } finally {
      await context.close();
    }
  }, 300_000);
});
