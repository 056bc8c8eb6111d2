import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_API, API, type TenantInfo, type TenantProject } from '@ems/contract';
import { json, recordMessages } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import TenantAdminPage from './tenant-admin-page';

const tenant = (id: number, name: string, enabled = true): TenantInfo => ({ id, name, enName: '', enabled, createTime: 0, projectCount: 1, userCount: 2, rootUserGroupID: id * 10, kind: 'tenant' });
const provider: TenantInfo = { ...tenant(5, 'Provider A'), kind: 'provider', customerIds: [2] };
const projects: TenantProject[] = [
  {
    projectId: 7,
    name: 'Plant seven',
    enName: '',
    code: 'P7',
    createTime: 0,
    members: [
      { id: 3, name: 'boss', nicName: 'Boss', usertype: 1, enabled: true, via: 'platform' },
      { id: 4, name: 'op', nicName: 'Operator', usertype: 4, enabled: true, via: 'assigned' },
    ],
  },
];

let calls: { url: string; method: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  recordMessages();
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith(`${ADMIN_API.tenants}/2/projects`)) return json({ code: 0, msg: '', data: projects });
      if (url.startsWith(`${ADMIN_API.tenants}/5/projects`)) return json({ code: 0, msg: '', data: [] });
      if (url.startsWith(`${ADMIN_API.tenants}/5/customers`)) return json({ code: 0, msg: '', data: { ...provider, customerIds: [2, 6] } });
      if (url.startsWith(`${ADMIN_API.tenants}/2/enable`)) return json({ code: 0, msg: '', data: tenant(2, 'Customer', false) });
      if (url === ADMIN_API.tenants && method === 'POST') return json({ code: 0, msg: '', data: tenant(3, 'New') });
      if (url.startsWith(ADMIN_API.tenants)) return json({ code: 0, msg: '', data: [tenant(1, 'Operator'), tenant(2, 'Customer'), provider, tenant(6, 'Second')] });
      if (url.startsWith(API.projects)) return json({ code: 0, msg: '', data: { projectId: 9 } });
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
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'admin-tenant': en } }, ns: ['admin-tenant'], defaultNS: 'admin-tenant', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
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
  return render(<TenantAdminPage />, { wrapper: Wrapper });
}

const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 15_000 })).closest('tr') as HTMLElement;

describe('/admin/tenant (issue 13)', () => {
  it('lists the tenants; the operator tenant cannot be disabled; a row expands to its projects and members', async () => {
    renderPage();
    const operator = await rowOf('Operator');
    expect((within(operator).getByTestId('tenant-toggle') as HTMLButtonElement).disabled).toBe(true);
    const customer = await rowOf('Customer');
    expect((within(customer).getByTestId('tenant-toggle') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(customer.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('Plant seven', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Boss')).toBeTruthy();
    expect(screen.getByText('Operator', { selector: '.ant-tag' })).toBeTruthy();
  }, 60_000);

  it('disabling asks first, then posts enabled false', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Customer')).getByTestId('tenant-toggle'));
    expect(await screen.findByText(/Its users can no longer sign in/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/enable'))).toBe(false);
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.url === `${ADMIN_API.tenants}/2/enable`)?.body).toEqual({ enabled: false }), { timeout: 10_000 });
  }, 60_000);

  it('creates a tenant from the dialog', async () => {
    renderPage();
    await rowOf('Customer');
    fireEvent.click(screen.getByTestId('tenant-create'));
    fireEvent.change(await screen.findByTestId('tenant-name', {}, { timeout: 15_000 }), { target: { value: 'New' } });
    fireEvent.change(screen.getByTestId('tenant-en-name'), { target: { value: 'New EN' } });
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.url === ADMIN_API.tenants && c.method === 'POST')?.body).toEqual({ name: 'New', enName: 'New EN', kind: 'tenant' }), { timeout: 10_000 });
  }, 60_000);

  it('creates a service provider from the dialog', async () => {
    renderPage();
    await rowOf('Customer');
    fireEvent.click(screen.getByTestId('tenant-create'));
    fireEvent.change(await screen.findByTestId('tenant-name', {}, { timeout: 15_000 }), { target: { value: 'Prov' } });
    fireEvent.click(within(screen.getByTestId('tenant-kind')).getByText('Service provider'));
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.url === ADMIN_API.tenants && c.method === 'POST')?.body).toEqual({ name: 'Prov', enName: '', kind: 'provider' }), { timeout: 10_000 });
  }, 60_000);

  it("a provider's row: kind tag, Customers action only for it, expanded row lists its customers", async () => {
    renderPage();
    const row = await rowOf('Provider A');
    expect(within(row).getByTestId('tenant-kind-tag').textContent).toBe('Service provider');
    expect(within(await rowOf('Customer')).getByTestId('tenant-kind-tag').textContent).toBe('Tenant');
    expect(within(await rowOf('Customer')).queryByTestId('tenant-customers')).toBeNull();
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    const customers = await screen.findByTestId('tenant-customers-5', {}, { timeout: 15_000 });
    expect(within(customers).getByText('Customer')).toBeTruthy();
  }, 60_000);

  it('sets the customers of a provider from a multi-select of the ordinary tenants', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Provider A')).getByTestId('tenant-customers'));
    const select = await screen.findByTestId('tenant-customers-select', {}, { timeout: 15_000 });
    fireEvent.mouseDown(select.querySelector<HTMLElement>('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('Second', {}, { timeout: 15_000 }));
    // the ordinary tenants only: not the operator's, not the provider itself
    expect(screen.queryByTitle('Operator')).toBeNull();
    expect(screen.queryByTitle('Provider A')).toBeNull();
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.url === `${ADMIN_API.tenants}/5/customers`)).toMatchObject({ method: 'PUT', body: { tenantIds: [2, 6] } }), { timeout: 10_000 });
  }, 60_000);

  it('adds a project to another tenant with its tenantId', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Customer')).getByTestId('tenant-add-project'));
    fireEvent.change(await screen.findByTestId('tenant-project-name', {}, { timeout: 15_000 }), { target: { value: 'Their plant' } });
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.url.startsWith(API.projects) && c.method === 'POST')?.body).toEqual({ name: 'Their plant', capacityKva: 0, tenantId: 2 }), { timeout: 10_000 });
  }, 60_000);
});
