import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMAIL_API, type EmailSendRecord, type MailScheme, type MailSchemeOptions } from '@ems/contract';
import { fakeApi, json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import type * as PermissionModule from '../../lib/permission';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import ReceivePage from './receive-page';

const permission = vi.hoisted(() => ({ update: true }));
vi.mock('../../lib/permission', async (orig) => {
  const real = await orig<typeof PermissionModule>();
  return { ...real, usePermission: () => (code?: string) => code !== 'mailscheme_update' || permission.update };
});

const OPTIONS: MailSchemeOptions = { timezone: 'Asia/Shanghai', users: [], groups: [], templates: [{ id: 11, name: 'Daily energy' }], logTypes: [{ logType: 702, name: 'consumption over limit' }] };
const base: MailScheme = {
  id: 5,
  projectId: 3,
  name: 'Managers',
  enabled: true,
  recipients: { userIds: [], groupIds: [], addresses: ['ops@plant.example.com', 'boss@plant.example.com'] },
  reports: [{ templateId: 11, schedule: { kind: 'daily', time: '08:00' }, lang: 'en-US' }],
  events: null,
  resolved: ['ops@plant.example.com', 'boss@plant.example.com'],
  updateTime: Date.UTC(2025, 2, 10, 2, 30),
};
const SCHEMES: MailScheme[] = [
  base,
  { ...base, id: 6, name: 'Alarms only', reports: [], events: { logTypes: [702], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'en-US' } },
  { ...base, id: 7, name: 'Paused', enabled: false },
];
const record = (id: number, recipient: string): EmailSendRecord => ({
  id,
  schemeId: 5,
  schemeName: 'Managers',
  kind: 'report',
  recipient,
  subject: '[EMS] Plant – Daily energy (2025-03-13 07:10)',
  status: 'pending',
  attempts: 0,
  createTime: Date.UTC(2025, 2, 12, 23, 10),
  lastAttemptTime: null,
  nextAttemptTime: Date.UTC(2025, 2, 12, 23, 10),
  sentTime: null,
  response: '',
  error: '',
});
let log: EmailSendRecord[] = [];
let calls: { url: string; method: string; body: Record<string, unknown> }[] = [];

const renderPage = async () => {
  renderFeaturePage(<ReceivePage />, 'email', en);
  const page = await screen.findByTestId('email-receive-page');
  await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
};
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const sendButton = (name: string) => within(rowOf(name)).getByTestId('scheme-send-now') as HTMLButtonElement;

beforeEach(() => {
  permission.update = true;
  log = [];
  calls = [];
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body });
    if (url.startsWith(EMAIL_API.options)) return OPTIONS;
    if (method === 'GET' && url.startsWith(EMAIL_API.schemes)) return SCHEMES;
    if (url === EMAIL_API.sendLog) return json({ code: 0, msg: '', data: log, total: log.length });
    if (url === EMAIL_API.sendNow.replace(':id', '5')) {
      log = [record(41, 'ops@plant.example.com'), record(42, 'boss@plant.example.com')];
      return { count: 2, ids: [41, 42] };
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('mail distribution: send now', () => {
  it('sends a scheme now: one call with the project, "2 mails queued", and the send log shows the queued mails', async () => {
    await renderPage();
    const logTable = screen.getByTestId('mail-log-table');
    await waitFor(() => expect(within(logTable).getByText(en.log.empty)).toBeTruthy());
    const button = sendButton('Managers');
    expect(button.disabled).toBe(false);
    expect(button.textContent).toContain('Send now');
    fireEvent.click(button);
    expect(await screen.findByText('2 mails queued')).toBeTruthy();
    const sends = calls.filter((c) => c.url.endsWith('/send'));
    expect(sends).toEqual([{ url: '/eem-service/v1/email/schemeLibrary/5/send', method: 'POST', body: { projectId: 3 } }]);
    // the log is fetched again and lists both queued mails
    await waitFor(() => expect(within(logTable).getByText('boss@plant.example.com')).toBeTruthy());
    expect(within(logTable).getByText('ops@plant.example.com')).toBeTruthy();
  }, 60_000);

  it('is disabled, saying why, for a scheme without reports and a disabled scheme', async () => {
    await renderPage();
    expect(sendButton('Managers').disabled).toBe(false);
    const noReports = sendButton('Alarms only');
    expect(noReports.disabled).toBe(true);
    fireEvent.mouseEnter(noReports.parentElement!);
    expect(await screen.findByText(en.scheme.sendNowNoReports)).toBeTruthy();
    const paused = sendButton('Paused');
    expect(paused.disabled).toBe(true);
    fireEvent.mouseEnter(paused.parentElement!);
    expect(await screen.findByText(en.scheme.sendNowDisabled)).toBeTruthy();
    fireEvent.click(paused);
    expect(calls.some((c) => c.url.endsWith('/send'))).toBe(false);
  }, 60_000);

  it('is disabled for every scheme without the permission to change schemes', async () => {
    permission.update = false;
    await renderPage();
    const buttons = screen.getAllByTestId('scheme-send-now') as HTMLButtonElement[];
    expect(buttons).toHaveLength(3);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    fireEvent.mouseEnter(buttons[0]!.parentElement!);
    expect(await screen.findByText(en.scheme.sendNowNoPermission)).toBeTruthy();
    fireEvent.click(buttons[0]!);
    expect(calls.some((c) => c.url.endsWith('/send'))).toBe(false);
  }, 60_000);
});
