import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { API, type BackgroundHealth, type ProjectInfo } from '@ems/contract';
import { json, recordMessages } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import en from './locales/en-US';
import ProjectConfigPage from './project-config-page';

// fetch is faked (jsdom, no server): two projects and the background health the server reports
const project = (projectId: number, name: string) => ({ projectId, name, enName: name, tenantid: 1, code: '', address: '', enAddress: '', capacityKva: 0, areaM2: 0, timezone: 'Asia/Shanghai', latitude: null, longitude: null, industry: '', createTime: 0 }) as ProjectInfo;
const record = (projectId: number, failing: boolean): BackgroundHealth => ({
  projectId,
  pass: 'eventChecks',
  failing,
  failures: failing ? 14 : 0,
  consecutiveFailures: failing ? 14 : 0,
  lastError: failing ? 'Invalid time zone specified: Mars/Olympus' : null,
  lastFailureTime: failing ? 1 : null,
  lastSuccessTime: failing ? null : 1,
});

let healthReply: Response;
beforeEach(() => {
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith(API.projectBackgroundHealth)) return healthReply;
      if (url.startsWith(API.projects)) return json({ code: 0, msg: '', data: [project(1, 'Broken plant'), project(2, 'Healthy plant')] });
      return json({ code: 0, msg: '', data: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null, projectInfo: null });
});

function renderPage() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { 'project-config': en } }, ns: ['project-config'], defaultNS: 'project-config', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
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
  return render(<ProjectConfigPage />, { wrapper: Wrapper });
}

describe('project configuration: background health (issue 12)', () => {
  it('marks the project whose background pass fails, with the pass and its last error in the tooltip', async () => {
    healthReply = json({ code: 0, msg: '', data: [record(1, true), record(2, false)] });
    renderPage();
    const broken = (await screen.findByText('Broken plant')).closest('tr') as HTMLElement;
    const marker = await within(broken).findByTestId('project-background-warning');
    const healthy = screen.getByText('Healthy plant').closest('tr') as HTMLElement;
    expect(within(healthy).queryByTestId('project-background-warning')).toBeNull();
    fireEvent.mouseEnter(marker);
    expect(await screen.findByText('timed event checks (offline, balance, efficiency, quota): 14 failures in a row, last error: Invalid time zone specified: Mars/Olympus')).toBeTruthy();
  });

  it('a user who may not read it (404) sees no marker and no message', async () => {
    const messages = recordMessages();
    healthReply = json({ code: 404, msg: 'no operation permission', data: null }, 404);
    renderPage();
    await screen.findByText('Broken plant');
    expect(screen.queryByTestId('project-background-warning')).toBeNull();
    expect(messages).toEqual([]);
  });
});
