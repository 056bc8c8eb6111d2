/* Test helpers: render widgets, or a feature's page, with a local i18next instance holding the 'widgets' namespace. */
import type { ReactElement, ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { setNotifier } from '../lib/notify';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';

type Lang = 'zh-CN' | 'en-US';

/** An i18next instance with the 'widgets' texts and, when given, a feature's namespace in `lng` (then the default one). */
export function createTestI18n(lng: Lang = 'en-US', feature?: { ns: string; texts: object }): I18n {
  const instance = i18next.createInstance();
  const resources: Record<Lang, Record<string, object>> = { 'zh-CN': { widgets: zhCN }, 'en-US': { widgets: enUS } };
  if (feature) resources[lng] = { ...resources[lng], [feature.ns]: feature.texts };
  void instance.use(initReactI18next).init({
    lng,
    resources,
    defaultNS: feature?.ns ?? 'widgets',
    ns: feature ? [feature.ns, 'widgets'] : ['widgets'],
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof instance.init>[0]);
  return instance;
}

function renderIn(ui: ReactElement, i18n: I18n, client?: QueryClient): RenderResult {
  const Wrapper = ({ children }: { children: ReactNode }) => {
    const app = <App>{children}</App>;
    return <I18nextProvider i18n={i18n}>{client ? <QueryClientProvider client={client}>{app}</QueryClientProvider> : app}</I18nextProvider>;
  };
  return render(ui, { wrapper: Wrapper });
}

export function renderWidget(ui: ReactElement, lng: Lang = 'en-US'): RenderResult {
  return renderIn(ui, createTestI18n(lng));
}

/**
 * Renders a feature's page (or panel) as the app holds it: i18next with the feature's namespace `ns`
 * (its `texts`, in `lng`) beside 'widgets', a fresh query client that does not retry, antd's App.
 */
export function renderFeaturePage(ui: ReactElement, ns: string, texts: object, lng: Lang = 'en-US'): RenderResult {
  return renderIn(ui, createTestI18n(lng, { ns, texts }), new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}

/** Swaps the app notifier for a recorder; returns the list of texts shown (cleared on each call). */
export function recordNotices(): { kind: string; text: string }[] {
  const shown: { kind: string; text: string }[] = [];
  const rec = (kind: string) => (text: string) => void shown.push({ kind, text });
  setNotifier({ success: rec('success'), info: rec('info'), warning: rec('warning'), error: rec('error') });
  return shown;
}
