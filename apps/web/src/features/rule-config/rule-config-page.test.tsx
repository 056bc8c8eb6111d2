import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { API, EVENT_API, type ProjectInfo } from '@ems/contract';
import { json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import widgetsZh from '../../widgets/locales/zh-CN';
import zh from './locales/zh-CN';
import RuleConfigPage from './rule-config-page';

// fetch is faked (jsdom, no server): the project list and one rule of the first project
const project = (projectId: number, timezone: string) => ({ projectId, name: `p${projectId}`, enName: '', tenantid: 1, code: '', address: '', enAddress: '', capacityKva: 0, areaM2: 0, timezone, latitude: null }) as unknown as ProjectInfo;
// 2026-06-01 12:00 UTC: 08:00 in New York, 20:00 in Shanghai
const UPDATED = Date.UTC(2026, 5, 1, 12);

beforeEach(() => {
  useSession.setState({ token: 'tok', userId: 1, module: 'pf', projectId: null, projectInfo: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith(API.projects)) return json({ code: 0, msg: '', data: [project(5, 'America/New_York'), project(6, 'Asia/Shanghai')] });
      if (url.startsWith(EVENT_API.ruleList))
        return json({ code: 0, msg: '', data: [{ id: 1, name: '电压上限', nodeName: '1#进线柜', enabled: true, updateTime: UPDATED, conditions: [], combinator: 1, level: 2, logType: 804, minDurationSec: 60 }], total: 1 });
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
  void i18n.use(initReactI18next).init({ lng: 'zh-CN', resources: { 'zh-CN': { 'rule-config': zh, widgets: widgetsZh } }, ns: ['rule-config', 'widgets'], defaultNS: 'rule-config', initImmediate: false } as Parameters<typeof i18n.init>[0]);
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
  return render(<RuleConfigPage />, { wrapper: Wrapper });
}

describe('rule configuration at platform level', () => {
  it("writes a rule's update time in the chosen project's zone (New York), not the default Shanghai", async () => {
    renderPage();
    const row = (await screen.findByText('电压上限')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-06-01 08:00:00')).toBeTruthy();
    // a voltage limit's events are listed on event diagnosis as an operating quantity, no environment or safety limit (issue 11)
    expect(within(row).getByText('运行参数越限（事件诊断）')).toBeTruthy();
  });
});
