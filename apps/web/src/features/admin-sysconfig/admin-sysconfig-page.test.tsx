import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ADMIN_API, API, DEFAULT_SYSTEM_CONFIG } from '@ems/contract';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import type * as PermissionModule from '../../lib/permission';
import AdminSysconfigPage, { appReload } from './admin-sysconfig-page';

const permission = vi.hoisted(() => ({ advanced: true }));
vi.mock('../../lib/permission', async (orig) => {
  const real = await orig<typeof PermissionModule>();
  return {
    ...real,
    usePermission: () => (code?: string) => code !== 'sysconfig_advanced' || permission.advanced,
    Permission: ({ code, children }: { code?: string; children: ReactNode }) => (code !== 'sysconfig_advanced' || permission.advanced ? <>{children}</> : null),
  };
});

let puts: unknown[];
beforeEach(() => {
  puts = [];
  permission.advanced = true;
  appReload.run = vi.fn();
  useSession.setState({ token: 'tok', userId: 1, module: 'pf' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(API.systemConfig)) return json(DEFAULT_SYSTEM_CONFIG);
      if (url.startsWith(ADMIN_API.systemConfig)) {
        puts.push(JSON.parse(String(init?.body)));
        return json({ code: 0, msg: '', data: DEFAULT_SYSTEM_CONFIG });
      }
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
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'admin-sysconfig': en } }, ns: ['admin-sysconfig'], defaultNS: 'admin-sysconfig', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <App>{children}</App>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(<AdminSysconfigPage />, { wrapper: Wrapper });
}

describe('system configuration page', () => {
  it('saves only the changed keys, then reloads the app', async () => {
    renderPage();
    const name = (await screen.findByTestId('sysconfig-projectName')) as HTMLInputElement;
    expect(name.value).toBe(DEFAULT_SYSTEM_CONFIG.projectName);
    fireEvent.change(name, { target: { value: 'Trial platform' } });
    fireEvent.click(screen.getByTestId('sysconfig-authStringent'));
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await waitFor(() => expect(puts).toEqual([{ projectName: 'Trial platform', authStringent: true }]));
    await waitFor(() => expect(appReload.run).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('validates before sending: an empty name and a bad profile key are refused in the form', async () => {
    renderPage();
    const name = await screen.findByTestId('sysconfig-projectName');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('sysconfig-key'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    expect(await screen.findByText('Enter the System name')).toBeTruthy();
    expect(await screen.findByText('Letters, digits and underscores only')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('hides the advanced section without sysconfig_advanced; reset restores the current values', async () => {
    permission.advanced = false;
    renderPage();
    const name = (await screen.findByTestId('sysconfig-projectName')) as HTMLInputElement;
    expect(screen.queryByText('Advanced settings')).toBeNull();
    expect(screen.queryByTestId('sysconfig-key')).toBeNull();
    fireEvent.change(name, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByTestId('sysconfig-reset'));
    await waitFor(() => expect(name.value).toBe(DEFAULT_SYSTEM_CONFIG.projectName));
    fireEvent.click(screen.getByTestId('sysconfig-save'));
    await screen.findByText('Nothing changed');
    expect(puts).toEqual([]);
  });
});
