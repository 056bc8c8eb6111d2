import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, type UserGroupTree } from '@ems/contract';
import { json, recordMessages } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import UserGroupAdminPage from './usergroup-admin-page';
import { subtreeIds } from './group-tree';

const TREE: UserGroupTree = {
  tenantId: 1,
  rootUserGroupID: 1,
  groups: [
    { id: 1, parentId: null, name: 'Root group', memberCount: 1, memberIds: [1] },
    { id: 2, parentId: 1, name: 'Shift A', memberCount: 2, memberIds: [4, 5] },
    { id: 3, parentId: 2, name: 'Night', memberCount: 0, memberIds: [] },
  ],
  users: [
    { id: 1, name: 'ROOT', nicName: 'ROOT', usertype: 1, enabled: true },
    { id: 4, name: 'fw_cloud', nicName: 'Manager', usertype: 3, enabled: true },
    { id: 5, name: 'fw_plant', nicName: 'Operator', usertype: 4, enabled: true },
  ],
};

let calls: { url: string; method: string; body: unknown }[];
let tenantsReply: () => Response;
beforeEach(() => {
  calls = [];
  tenantsReply = () => json({ code: 404, msg: 'no operation permission', data: null }, 404);
  recordMessages();
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'DELETE' && !url.includes('force=true'))
        return json({ code: 409, msg: 'held', data: { groups: [{ id: 3, name: 'Night' }], users: [{ id: 4, name: 'Manager' }] } }, 409);
      if (method !== 'GET') return json({ code: 0, msg: '', data: null });
      if (url.startsWith(ADMIN_API.tenants)) return tenantsReply();
      return json({ code: 0, msg: '', data: TREE });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null });
});

function renderPage() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'admin-usergroup': en } }, ns: ['admin-usergroup'], defaultNS: 'admin-usergroup', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <App>{children}</App>
        </QueryClientProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
  return render(<UserGroupAdminPage />, { wrapper: Wrapper });
}

const okButton = () => document.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary');

describe('/admin/usergroup (issue 13)', () => {
  it('shows the tree; the root is chosen first and cannot be deleted; choosing a group lists its members', async () => {
    renderPage();
    await screen.findByTestId('group-node-2', {}, { timeout: 15_000 });
    expect((screen.getByTestId('group-delete') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('members-table')).getAllByText('ROOT').length).toBe(2);
    fireEvent.click(screen.getByText('Shift A'));
    await waitFor(() => expect(within(screen.getByTestId('members-table')).queryByText('fw_plant')).toBeTruthy(), { timeout: 10_000 });
    expect(within(screen.getByTestId('members-table')).getByText('fw_cloud')).toBeTruthy();
    expect((screen.getByTestId('group-delete') as HTMLButtonElement).disabled).toBe(false);
  }, 60_000);

  it('deleting a group that holds others asks again, naming them, then deletes with force', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Shift A', {}, { timeout: 15_000 }));
    fireEvent.click(screen.getByTestId('group-delete'));
    await screen.findByText('Delete user group "Shift A"?', {}, { timeout: 15_000 });
    fireEvent.click(okButton()[0]!);
    const second = await screen.findByTestId('group-force-confirm', {}, { timeout: 15_000 });
    expect(second.textContent).toContain('Night');
    expect(second.textContent).toContain('Manager');
    await waitFor(() => expect(okButton().length).toBeGreaterThan(0), { timeout: 10_000 });
    fireEvent.click(okButton()[okButton().length - 1]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `${ADMIN_API.userGroups}/2?force=true`)).toBe(true), { timeout: 10_000 });
  }, 60_000);

  it('removing a member writes the remaining members', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('Shift A', {}, { timeout: 15_000 }));
    const row = (await screen.findByText('fw_plant', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('member-remove'));
    await screen.findByText('Remove "Operator" from this group?', {}, { timeout: 15_000 });
    fireEvent.click(okButton()[0]!);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.url === `${ADMIN_API.userGroups}/2/members`)?.body).toEqual({ userIds: [4] }), { timeout: 10_000 });
  }, 60_000);

  it('a tenant administrator (the tenant list refused) gets no tenant choice', async () => {
    renderPage();
    await screen.findByTestId('group-node-2', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('group-tenant')).toBeNull();
  }, 60_000);

  it('with the tenant list (the operator) the tree of the chosen tenant is read', async () => {
    tenantsReply = () => json({ code: 0, msg: '', data: [{ id: 1, name: 'Operator' }, { id: 2, name: 'Customer' }] });
    renderPage();
    const choice = await screen.findByTestId('group-tenant', {}, { timeout: 15_000 });
    fireEvent.mouseDown(choice.querySelector<HTMLElement>('.ant-select-selector') ?? choice);
    fireEvent.click(await screen.findByTitle('Customer', {}, { timeout: 15_000 }));
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === `${ADMIN_API.userGroups}?tenantId=2`)).toBe(true), { timeout: 10_000 });
  }, 60_000);

  it('never offers a group below itself as its parent', () => {
    expect([...subtreeIds(TREE.groups, 2)].sort()).toEqual([2, 3]);
    expect([...subtreeIds(TREE.groups, 3)]).toEqual([3]);
  }, 60_000);
});
