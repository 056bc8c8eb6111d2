/* Test helper: renders event components with the 'events' and 'widgets' texts, antd App, a query client and a router. */
import type { ReactElement, ReactNode } from 'react';
import type { CurrentUser } from '@ems/contract';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import widgetsZh from '../../widgets/locales/zh-CN';
import widgetsEn from '../../widgets/locales/en-US';
import zh from './locales/zh-CN';
import en from './locales/en-US';

export function renderEvents(ui: ReactElement, lng: 'zh-CN' | 'en-US' = 'en-US', path = '/'): RenderResult {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { events: zh, widgets: widgetsZh }, 'en-US': { events: en, widgets: widgetsEn } },
    ns: ['events', 'widgets'],
    defaultNS: 'events',
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18n.init>[0]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <App>{children}</App>
        </QueryClientProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
  return render(ui, { wrapper: Wrapper });
}

/** A signed-in plant user holding the permission ids `auths` (for the production permission checks). */
export const testUser = (auths: number[]): CurrentUser => ({
  id: 5,
  name: 'fw_plant',
  nicName: 'n',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  customConfig: '{"usertype":4}',
  roles: [{ id: 1, name: 'r', customConfig: '{}', pageNodes: [], auths }],
  modelNodes: [],
  relativeUserGroup: [],
  rootUserGroupID: 1,
});
