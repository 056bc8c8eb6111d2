import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMAIL_API, type EmailSendRecord, type MailScheme, type MailSchemeOptions } from '@ems/contract';
import { fakeApi, json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import en from './locales/en-US';
import ReceivePage from './receive-page';

const OPTIONS: MailSchemeOptions = {
  timezone: 'Asia/Shanghai',
  users: [{ id: 7, name: 'pf_admin', nicName: 'Admin', email: 'admin@plant.example.com', groupId: 1 }],
  groups: [{ id: 1, parentId: null, name: 'Plant' }],
  templates: [{ id: 11, name: 'Daily energy' }],
  logTypes: [{ logType: 702, name: 'consumption over limit' }],
};
const SCHEME: MailScheme = {
  id: 5,
  projectId: 3,
  name: 'Managers',
  enabled: true,
  recipients: { userIds: [7], groupIds: [], addresses: ['ops@plant.example.com'] },
  reports: [{ templateId: 11, schedule: { kind: 'weekly', weekday: 1, time: '08:00' }, lang: 'en-US' }],
  events: { logTypes: [702], eventClasses: [], levels: [2], mode: 'digest', digestTimes: ['12:00', '18:00'], lang: 'zh-CN' },
  resolved: ['admin@plant.example.com', 'ops@plant.example.com'],
  updateTime: Date.UTC(2025, 2, 10, 2, 30),
};
const LOG: EmailSendRecord[] = [
  { id: 2, schemeId: 5, schemeName: 'Managers', kind: 'report', recipient: 'ops@plant.example.com', subject: '[EMS] Plant – Daily energy', status: 'sent', attempts: 1, createTime: Date.UTC(2025, 2, 10, 0), lastAttemptTime: Date.UTC(2025, 2, 10, 0), nextAttemptTime: null, sentTime: Date.UTC(2025, 2, 10, 0), response: '250 2.0.0 Ok: queued', error: '' },
  { id: 1, schemeId: 5, schemeName: 'Managers', kind: 'event', recipient: 'admin@plant.example.com', subject: '[EMS] Plant – over limit', status: 'pending', attempts: 2, createTime: Date.UTC(2025, 2, 9, 1), lastAttemptTime: Date.UTC(2025, 2, 9, 1, 1), nextAttemptTime: Date.UTC(2025, 2, 9, 1, 6), sentTime: null, response: '', error: '451 mailbox busy' },
];
let schemes: MailScheme[] = [];
let calls: { url: string; method: string; body: Record<string, unknown> }[] = [];

const renderPage = async () => {
  renderFeaturePage(<ReceivePage />, 'email', en);
  const page = await screen.findByTestId('email-receive-page');
  await waitFor(() => expect(page.getAttribute('data-ready')).toBe('true'));
};

beforeEach(() => {
  schemes = [SCHEME];
  calls = [];
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  fakeApi((url, body, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body });
    if (url.startsWith(EMAIL_API.options)) return OPTIONS;
    if (method === 'GET' && url.startsWith(EMAIL_API.schemes)) return schemes;
    if (url === EMAIL_API.sendLog) return json({ code: 0, msg: '', data: LOG, total: 2 });
    if (method === 'DELETE') {
      schemes = [];
      return 5;
    }
    if (method === 'PUT' || method === 'POST') return { ...SCHEME, ...body };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('mail distribution', () => {
  it('lists the schemes with their recipients, report schedules and events, and the send log with results on the project clock', async () => {
    await renderPage();
    const table = screen.getByTestId('mail-scheme-table');
    expect(within(table).getByText('Managers')).toBeTruthy();
    expect(within(table).getByText('2 addresses')).toBeTruthy();
    expect(within(table).getByText('Daily energy · Monday 08:00 · English')).toBeTruthy();
    expect(within(table).getByText('digest 12:00, 18:00')).toBeTruthy();
    expect(within(table).getByText('consumption over limit')).toBeTruthy();
    // 02:30 UTC is 10:30 in Shanghai
    expect(within(table).getByText('2025-03-10 10:30')).toBeTruthy();

    const log = await screen.findByTestId('mail-log-table');
    await waitFor(() => expect(within(log).getByText('250 2.0.0 Ok: queued')).toBeTruthy());
    expect(within(log).getByText('Sent')).toBeTruthy();
    expect(within(log).getByText('Retrying')).toBeTruthy();
    // the next attempt at 01:06 UTC reads 09:06 on the project clock
    expect(log.textContent).toContain('451 mailbox busy (next attempt 09:06)');
    expect(calls.find((c) => c.url === EMAIL_API.sendLog)!.body).toEqual({ projectId: 3, page: { index: 0, limit: 20 } });
    const before = calls.filter((c) => c.url === EMAIL_API.sendLog).length;
    fireEvent.click(screen.getByTestId('mail-log-refresh'));
    await waitFor(() => expect(calls.filter((c) => c.url === EMAIL_API.sendLog).length).toBe(before + 1));
  }, 60_000);

  it('edits a scheme: the dialog holds its recipients, schedules and events, and saving sends them back', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('mail-scheme-edit'));
    const name = (await screen.findByTestId('mail-scheme-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Managers'));
    expect((screen.getByTestId('mail-report-time') as HTMLInputElement).value).toBe('08:00');
    fireEvent.change(name, { target: { value: 'Managers 2' } });
    fireEvent.change(screen.getByTestId('mail-report-time'), { target: { value: '07:30' } });
    // the dialog's OK, looked for in the dialog only (a role query over the whole page is slow in jsdom)
    fireEvent.click(within(name.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(EMAIL_API.update.replace(':id', '5'));
    expect(put.body).toEqual({
      projectId: 3,
      name: 'Managers 2',
      enabled: true,
      recipients: { userIds: [7], groupIds: [], addresses: ['ops@plant.example.com'] },
      reports: [{ templateId: 11, schedule: { kind: 'weekly', weekday: 1, time: '07:30' }, lang: 'en-US' }],
      events: { logTypes: [702], eventClasses: [], levels: [2], mode: 'digest', digestTimes: ['12:00', '18:00'], lang: 'zh-CN' },
    });
  }, 60_000);

  it('refuses a malformed report time in the dialog, before any call', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('mail-scheme-edit'));
    const time = (await screen.findByTestId('mail-report-time')) as HTMLInputElement;
    await waitFor(() => expect(time.value).toBe('08:00'));
    fireEvent.change(time, { target: { value: '8 o’clock' } });
    fireEvent.click(within(time.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /ok/i }));
    expect(await screen.findByText('Times are HH:mm')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 60_000);

  it('delete asks first, then sends DELETE and the list empties', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('mail-scheme-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByText('Delete the scheme "Managers"?');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === EMAIL_API.remove.replace(':id', '5'))).toBe(true));
    await screen.findByText(en.scheme.empty);
  }, 60_000);
});
