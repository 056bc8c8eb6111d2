import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, PERMISSIONS, permissionId, type AdminRole, type PermissionHolders } from '@ems/contract';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import common from '../../i18n/locales/en-US/common';
import en from './locales/en-US';
import RolePage from './role-page';
import PermissionPage from './permission-page';

// fetch is faked (jsdom, no server): two roles, one held by two users
const id = (n: string) => permissionId(n)!;
const role = (rid: number, name: string, userCount: number, extra: Partial<AdminRole> = {}): AdminRole => ({
  id: rid,
  tenantId: 1,
  name,
  customConfig: JSON.stringify({ homepage: '/deviceMonitor', homePagePageNodeId: id('page_deviceMonitor') }),
  pageNodes: [{ id: id('page_home') }, { id: id('page_deviceMonitor') }],
  auths: [id('project_browse')],
  userCount,
  ...extra,
});
const ROLES = [role(5, 'Operators', 2), role(6, 'Viewers', 0, { customConfig: '{}' })];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  useSession.setState({ token: 'tok', userId: 9, module: 'pf', projectId: null, projectInfo: null, user: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url.startsWith(`${ADMIN_API.roles}/5/users`)) {
        return json({ code: 0, msg: '', data: [{ id: 3, name: 'fw_plant', nicName: 'Plant operator', enabled: true }, { id: 4, name: 'fw_cloud', nicName: 'fw_cloud', enabled: true }] });
      }
      if (method === 'GET' && url.startsWith(ADMIN_API.roles)) return json({ code: 0, msg: '', data: ROLES });
      if (method === 'PUT') return json({ code: 0, msg: '', data: { ...ROLES[0], ...(body as object) } });
      if (method === 'GET' && url.startsWith(ADMIN_API.permissionHolders)) {
        const data: PermissionHolders[] = PERMISSIONS.map((p) => ({ ...p, roles: p.name === 'project_browse' ? [{ id: 5, name: 'Operators' }] : [] }));
        return json({ code: 0, msg: '', data });
      }
      return json({ code: 0, msg: '', data: null });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null, projectInfo: null });
});

function renderPage(page: ReactNode) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'admin-role': en, common } },
    ns: ['admin-role', 'common'],
    defaultNS: 'admin-role',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <App>{page}</App>
        </QueryClientProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('/admin/role', { timeout: 120_000 }, () => {
  it('edits the first role: a matrix row select-all, and saves the body with the home page', async () => {
    renderPage(<RolePage />);
    const name = (await screen.findByTestId('role-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Operators'));
    expect((screen.getByTestId('role-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: /Operation permissions/ }));
    fireEvent.click(await screen.findByTestId('matrix-row-role'));
    expect(screen.getByText('Unsaved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`${ADMIN_API.roles}/5`);
    const body = put.body as { auths: number[]; homepage: string; homePagePageNodeId: number; pageNodes: { id: number }[]; name: string };
    expect(body).toMatchObject({ name: 'Operators', homepage: '/deviceMonitor', homePagePageNodeId: id('page_deviceMonitor') });
    expect(body.auths).toEqual(expect.arrayContaining([id('project_browse'), id('role_browse'), id('role_update'), id('role_create'), id('role_delete'), id('role_edit')]));
    expect(body.auths).not.toContain(id('user_browse'));
  });

  it('asks before discarding unsaved changes when another role is chosen', async () => {
    renderPage(<RolePage />);
    const name = (await screen.findByTestId('role-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Operators'));
    fireEvent.change(name, { target: { value: 'Operators 2' } });
    fireEvent.click(screen.getByTestId('role-item-Viewers'));
    expect((await screen.findAllByText('Discard unsaved changes?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect((screen.getByTestId('role-name') as HTMLInputElement).value).toBe('Viewers'));
  });

  it('deleting a role in use names its users and sends force', async () => {
    renderPage(<RolePage />);
    const item = await screen.findByTestId('role-item-Operators');
    fireEvent.click(within(item).getByTestId('role-delete'));
    const users = await screen.findByTestId('role-delete-users');
    expect(users.textContent).toContain('Plant operator (fw_plant), fw_cloud');
    fireEvent.click(screen.getByTestId('role-delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`${ADMIN_API.roles}/5?force=true`);
  });
});

describe('/admin/permission', () => {
  it('lists the catalogue with holders, filtered by kind and search', async () => {
    renderPage(<PermissionPage />);
    fireEvent.change(await screen.findByPlaceholderText('Search permissions or roles'), { target: { value: 'project_browse' } });
    const row = (await screen.findByText('project_browse')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Operators')).toBeTruthy();
    expect(within(row).getByText('project browse')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search permissions or roles'), { target: { value: '' } });
    fireEvent.click(screen.getByText(/^Custom \(/));
    await waitFor(() => expect(screen.getByText('sysconfig_advanced')).toBeTruthy());
    expect(screen.queryByText('project_browse')).toBeNull();
  });
});
