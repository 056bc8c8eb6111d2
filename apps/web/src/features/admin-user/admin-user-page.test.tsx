import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, API, type AdminUser, type CurrentUser } from '@ems/contract';
import { initI18n } from '../../i18n';
import { json } from '../../lib/http/test-helpers';
import widgetsEn from '../../widgets/locales/en-US';
import widgetsZh from '../../widgets/locales/zh-CN';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import { useSession } from '../../lib/session';
import AdminUserPage from './admin-user-page';

// fetch is faked (jsdom, no server): the users list, the choices of the form, and the row actions
const user = (id: number, name: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  name,
  nicName: `${name} nick`,
  email: '',
  mobilePhone: '',
  usertype: 4,
  tenantId: 1,
  enabled: true,
  locked: false,
  mustChangePassword: false,
  createTime: 0,
  roles: [{ id: 5, name: 'Plant operator' }],
  projects: [{ id: 1, name: 'Demo factory', enName: '' }],
  groups: [],
  ...extra,
});
const me: CurrentUser = { id: 1, name: 'ROOT', nicName: 'ROOT', email: '', mobilePhone: '', tenantId: 1, customConfig: '{"usertype":1}', roles: [], modelNodes: [], relativeUserGroup: [], rootUserGroupID: 1 };
const ok = (data: unknown, total?: number) => json({ code: 0, msg: '', data, ...(total === undefined ? {} : { total }) });

let calls: { method: string; url: string; body: unknown }[];
beforeAll(() => initI18n('en', { 'zh-CN': { 'admin-user': zh, widgets: widgetsZh }, 'en-US': { 'admin-user': en, widgets: widgetsEn } }));
beforeEach(() => {
  calls = [];
  useSession.setState({ token: 'tok', userId: 1, user: me, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.includes('/resetPassword')) return ok({ password: 'Xy7#pQ2!mN4a' });
      if (url.includes('/enable')) return ok(user(12, 'bob', { enabled: false }));
      if (method === 'POST' && url.startsWith(ADMIN_API.users)) return ok(user(13, 'carol'));
      if (url.startsWith(ADMIN_API.users)) return ok([user(11, 'alice', { locked: true, mustChangePassword: true }), user(12, 'bob')], 42);
      if (url.startsWith(ADMIN_API.roles)) return ok([{ id: 5, tenantId: 1, name: 'Plant operator', customConfig: '{}', pageNodes: [], auths: [], userCount: 1 }]);
      if (url.startsWith(ADMIN_API.userGroups)) return ok({ tenantId: 1, rootUserGroupID: 1, groups: [{ id: 1, parentId: null, name: 'Root group', memberCount: 0, memberIds: [] }], users: [] });
      if (url.startsWith(ADMIN_API.tenants)) return ok([{ id: 1, name: '示范', enName: 'Demo tenant' }]);
      if (url.startsWith(API.projects)) return ok([{ projectId: 1, name: 'Demo factory', enName: 'Demo factory' }]);
      return ok(null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, user: null, projectId: null, projectInfo: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <App>{children}</App>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return render(<AdminUserPage />, { wrapper: Wrapper });
}

const confirmAction = async () => fireEvent.click(await screen.findByTestId('user-action-confirm'));

describe('/admin/user', { timeout: 60_000 }, () => {
  it('lists one page of users with their roles, projects and state, and the total of all pages', async () => {
    renderPage();
    const alice = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(within(alice).getByText('Plant operator')).toBeTruthy();
    expect(within(alice).getByText('Locked')).toBeTruthy();
    expect(within(alice).getByText('Must change password')).toBeTruthy();
    expect(screen.getByText('42 in all')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith(ADMIN_API.users))!.url).toBe(`${ADMIN_API.users}?index=0&limit=20`);
  });

  it('filters by name on Search, from the first page', async () => {
    renderPage();
    await screen.findByText('alice');
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'ali' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('name=ali') && c.url.includes('index=0'))).toBe(true));
  });

  it('creates a user: the spec rules refuse a bad phone and a weak password, then the form is sent', async () => {
    renderPage();
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('user-create'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-name'), { target: { value: 'carol' } });
    fireEvent.change(within(form).getByTestId('user-nicname'), { target: { value: 'Carol' } });
    fireEvent.change(within(form).getByTestId('user-phone'), { target: { value: '12345678901' } });
    fireEvent.change(within(form).getByTestId('user-password'), { target: { value: 'weak' } });
    // the dialog's OK, looked for in the dialog only (a role query over the whole page is slow in jsdom)
    fireEvent.click(within(form.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /OK/i }));
    expect(await screen.findByText('Please enter a correct phone number')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByTestId('user-phone'), { target: { value: '13912345678' } });
    fireEvent.change(within(form).getByTestId('user-password'), { target: { value: 'Carol@12345' } });
    fireEvent.change(within(form).getByTestId('user-password-confirm'), { target: { value: 'Carol@12345' } });
    fireEvent.click(within(form.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /OK/i }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'carol', nicName: 'Carol', mobilePhone: '13912345678', usertype: 4, password: 'Carol@12345' }));
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('confirmPassword');
  }, 180_000);

  it('resets a password after confirmation and shows the one-time password once', async () => {
    renderPage();
    const bob = (await screen.findByText('bob')).closest('tr') as HTMLElement;
    fireEvent.click(within(bob).getByTestId('user-more'));
    fireEvent.click(await screen.findByTestId('user-reset-password'));
    await confirmAction();
    expect((await screen.findByTestId('otp-value')).textContent).toBe('Xy7#pQ2!mN4a');
    expect(calls.find((c) => c.url.endsWith('/12/resetPassword'))?.method).toBe('POST');
  });

  it('disables a user after confirmation', async () => {
    renderPage();
    const bob = (await screen.findByText('bob')).closest('tr') as HTMLElement;
    fireEvent.click(within(bob).getByTestId('user-toggle'));
    await confirmAction();
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/12/enable'))?.body).toEqual({ enabled: false }));
  });
});
