import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MODEL_API, MONITOR_API, type ModelNode } from '@ems/contract';
import { json } from '../lib/http/test-helpers';
import { useSession } from '../lib/session';
import zhCommon from '../i18n/locales/zh-CN/common';
import widgets from '../widgets/locales/zh-CN';
import modelManage from '../features/model-manage/locales/zh-CN';
import deviceMonitor from '../features/device-monitor/locales/zh-CN';
import ModelManagePage from '../features/model-manage/model-manage-page';
import DeviceMonitorPage from '../features/device-monitor/device-monitor-page';

// fetch is faked (jsdom, no server): the generic model query answers the whole tree with every
// attribute, as the server does; every other call an empty list.
const TREE: ModelNode = {
  id: 3,
  modelLabel: 'project',
  name: '华东示范工厂',
  enName: 'East China Demo Factory',
  children: [{ id: 11, modelLabel: 'building', name: '1#厂房', code: 'P1-B1', children: [{ id: 40, modelLabel: 'chiller', name: '1#冷水机组', ratedKw: 350 }] }],
};

function renderOn(client: QueryClient, ui: ReactNode) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { common: zhCommon, widgets, 'model-manage': modelManage, 'device-monitor': deviceMonitor } },
    ns: ['common', 'widgets', 'model-manage', 'device-monitor'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <App>{ui}</App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith(MODEL_API.query)) return json({ code: 0, msg: '', data: [TREE] });
      if (url.startsWith(MONITOR_API.devices)) return json({ code: 0, msg: '', data: { now: 0, offlineAfterMs: 900_000, devices: [] } });
      return json({ code: 0, msg: '', data: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null, projectId: null });
});

describe('one session, one query cache (issue 11 defect 1)', () => {
  it('model management, then device monitor on the same QueryClient: the picker tree shows the plant, no crash', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = renderOn(client, <ModelManagePage />);
    await waitFor(() => expect(screen.getAllByText('1#厂房').length).toBeGreaterThan(0));
    first.unmount();

    renderOn(client, <DeviceMonitorPage />);
    const tree = await screen.findByTestId('device-monitor');
    await waitFor(() => expect(tree.textContent).toContain('华东示范工厂'));
    expect(tree.textContent).toContain('1#厂房');
    expect(screen.queryByText(/is not a function/)).toBeNull();
  });
});
