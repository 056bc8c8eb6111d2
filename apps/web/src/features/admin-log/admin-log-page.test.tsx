import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, API, type AuditLogEntry } from '@ems/contract';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import AdminLogPage from './admin-log-page';

const entry = (id: number, over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id,
  time: Date.UTC(2026, 10, 20, 2, 0, id),
  tenantId: 1,
  userId: 2,
  userName: 'pf_admin',
  ip: '10.0.0.1',
  kind: 'login',
  action: 'success',
  targetType: 'user',
  targetId: 2,
  targetName: 'pf_admin',
  ok: true,
  before: null,
  after: null,
  detail: '',
  ...over,
});

const LOGS = [
  entry(3, { kind: 'project', action: 'update', targetType: 'project', targetName: 'Plant A', before: JSON.stringify({ name: 'Plant A', capacityKva: 100 }), after: JSON.stringify({ name: 'Plant A', capacityKva: 250 }) }),
  entry(2, { kind: 'loginFailure', action: 'failure', userName: 'mallory', userId: null, ok: false, detail: 'badCredentials', ip: '198.51.100.4' }),
  entry(1, {}),
];

let calls: string[];
beforeEach(() => {
  calls = [];
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith(ADMIN_API.logs)) return json({ code: 0, msg: '', data: LOGS, total: 3 });
      if (url.startsWith(ADMIN_API.tenants)) return json({ code: 0, msg: '', data: [{ id: 1, name: '运营方', enName: 'Operator' }, { id: 2, name: '客户', enName: 'Customer' }] });
      if (url.startsWith(ADMIN_API.users)) return json({ code: 0, msg: '', data: [{ id: 2, name: 'pf_admin', nicName: 'Admin' }] });
      if (url.startsWith(API.projects)) return json({ code: 0, msg: '', data: [{ projectId: 1, timezone: 'Asia/Shanghai' }] });
      return json({ code: 0, msg: '', data: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null });
});

function renderPage() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'admin-log': en } }, ns: ['admin-log'], defaultNS: 'admin-log', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <App>{children}</App>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(<AdminLogPage />, { wrapper: Wrapper });
}

describe('audit log page', () => {
  it('lists entries with time in the tenant zone, user, address, kind, action, target and result', async () => {
    renderPage();
    const failure = (await screen.findByText('mallory')).closest('tr') as HTMLElement;
    expect(within(failure).getByText('198.51.100.4')).toBeTruthy();
    expect(within(failure).getByText('Sign-in failure')).toBeTruthy();
    expect(within(failure).getByText('Failure')).toBeTruthy();
    const project = screen.getByText('Plant A').closest('tr') as HTMLElement;
    expect(within(project).getByText('2026-11-20 10:00:03')).toBeTruthy();
    expect(within(project).getByText('Update')).toBeTruthy();
    await screen.findByText('Times in Asia/Shanghai');
  });

  it('the row expander shows the changed fields before and after, and a failure its reason', async () => {
    renderPage();
    const project = (await screen.findByText('Plant A')).closest('tr') as HTMLElement;
    fireEvent.click(within(project).getByRole('button'));
    const changes = await screen.findByTestId('audit-changes');
    expect(within(changes).getByText('capacityKva')).toBeTruthy();
    expect(within(changes).getByText('100')).toBeTruthy();
    expect(within(changes).getByText('250')).toBeTruthy();
    expect(within(changes).queryByText('name')).toBeNull();
    const failure = screen.getByText('mallory').closest('tr') as HTMLElement;
    fireEvent.click(within(failure).getByRole('button'));
    expect(await screen.findByText('wrong user name or password')).toBeTruthy();
  });

  it('asks the server for the chosen kinds, from the first page', async () => {
    renderPage();
    await screen.findByText('mallory');
    const kinds = screen.getByTestId('audit-kinds');
    fireEvent.mouseDown(within(kinds).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Lock', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls.some((u) => u.startsWith(ADMIN_API.logs) && u.includes('kinds=lock') && u.includes('index=0'))).toBe(true));
  });

  it('the platform operator may read another tenant, or the failures by unknown names (tenant 0)', async () => {
    renderPage();
    await screen.findByText('mallory');
    const tenant = await screen.findByTestId('audit-tenant');
    fireEvent.mouseDown(within(tenant).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Failures by unknown names', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls.some((u) => u.startsWith(ADMIN_API.logs) && u.includes('tenantId=0'))).toBe(true));
  });
});
