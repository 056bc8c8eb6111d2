/* Test helper: renders widgets with a local i18next instance holding the 'widgets' namespace. */
import type { ReactElement, ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { render, type RenderResult } from '@testing-library/react';
import { setNotifier } from '../lib/notify';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';

export function createTestI18n(lng: 'zh-CN' | 'en-US' = 'en-US'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    resources: { 'zh-CN': { widgets: zhCN }, 'en-US': { widgets: enUS } },
    defaultNS: 'widgets',
    ns: ['widgets'],
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof instance.init>[0]);
  return instance;
}

export function renderWidget(ui: ReactElement, lng: 'zh-CN' | 'en-US' = 'en-US'): RenderResult {
  const i18n = createTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <App>{children}</App>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}

/** Swaps the app notifier for a recorder; returns the list of texts shown (cleared on each call). */
export function recordNotices(): { kind: string; text: string }[] {
  const shown: { kind: string; text: string }[] = [];
  const rec = (kind: string) => (text: string) => void shown.push({ kind, text });
  setNotifier({ success: rec('success'), info: rec('info'), warning: rec('warning'), error: rec('error') });
  return shown;
}
