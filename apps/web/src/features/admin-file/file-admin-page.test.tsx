import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API, FILE_ADMIN_API, type StoredFileInfo } from '@ems/contract';
import { json, recordMessages } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import FileAdminPage, { formatSize } from './file-admin-page';

const file = (name: string, size: number): StoredFileInfo => ({
  fileName: `0b2c6a7e-1111-4222-8333-944445555666-${name}`,
  originalName: name,
  size,
  contentType: 'text/csv',
  uploadTime: Date.UTC(2025, 5, 1),
  uploaderId: 2,
  uploaderName: 'Admin',
});

let calls: { url: string; method: string; headers: Record<string, string> }[];
beforeEach(() => {
  calls = [];
  recordMessages();
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.startsWith(API.projects)) return json({ code: 0, msg: '', data: [{ projectId: 1, name: 'Factory', enName: '', timezone: 'Europe/Berlin' }, { projectId: 2, name: 'Office', enName: '', timezone: 'Asia/Shanghai' }] });
      if (url.startsWith(FILE_ADMIN_API.list)) return json({ code: 0, msg: '', data: [file('readings.csv', 2048), file('plan.pdf', 3 * 1024 * 1024)] });
      return json({ code: 0, msg: '', data: null });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null });
});

function renderPage() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'admin-file': en } }, ns: ['admin-file'], defaultNS: 'admin-file', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
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
  return render(<FileAdminPage />, { wrapper: Wrapper });
}

describe('/admin/file (issue 13)', () => {
  it('lists the first project’s files with size, time and uploader, asking with the project and the token', async () => {
    renderPage();
    const row = (await screen.findByText('readings.csv', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2.0 KB')).toBeTruthy();
    expect(within(row).getByText('Admin')).toBeTruthy();
    // in the project's zone, not the browser's
    expect(within(row).getByText('2025-06-01 02:00:00')).toBeTruthy();
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith(FILE_ADMIN_API.list));
    expect(list?.headers.projectid).toBe('1');
    expect(list?.headers.authorization).toBe('Bearer tok');
  }, 60_000);

  it('deletes a file after confirmation, in its project', async () => {
    renderPage();
    const row = (await screen.findByText('plan.pdf', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('file-delete'));
    await screen.findByText('Delete file "plan.pdf"? This cannot be undone.', {}, { timeout: 15_000 });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${FILE_ADMIN_API.remove}?fileName=${encodeURIComponent(file('plan.pdf', 0).fileName)}`), { timeout: 10_000 });
    expect(calls.find((c) => c.method === 'DELETE')?.headers.projectid).toBe('1');
  }, 60_000);

  it('formats sizes', () => {
    expect([formatSize(10), formatSize(1536), formatSize(5 * 1024 * 1024)]).toEqual(['10 B', '1.5 KB', '5.0 MB']);
  }, 60_000);
});
