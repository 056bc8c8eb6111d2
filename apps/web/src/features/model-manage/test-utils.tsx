/* Test helpers: an i18next instance with this feature's, the widgets' and the common texts; model-meta as the server answers it. */
import type { ReactElement, ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from 'antd';
import { render, type RenderResult } from '@testing-library/react';
import { MODEL_META, type AttrInfo, type ModelInfo, type ModelLabel } from '@ems/contract';
import zhWidgets from '../../widgets/locales/zh-CN';
import enWidgets from '../../widgets/locales/en-US';
import zhCommon from '../../i18n/locales/zh-CN/common';
import enCommon from '../../i18n/locales/en-US/common';
import zh from './locales/zh-CN';
import en from './locales/en-US';

export type Lang = 'zh-CN' | 'en-US';

export function createTestI18n(lng: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    resources: {
      'zh-CN': { widgets: zhWidgets, common: zhCommon, 'model-manage': zh },
      'en-US': { widgets: enWidgets, common: enCommon, 'model-manage': en },
    },
    defaultNS: 'common',
    ns: ['widgets', 'common', 'model-manage'],
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof instance.init>[0]);
  return instance;
}

export function renderWithI18n(ui: ReactElement, lng: Lang = 'en-US'): RenderResult {
  const i18n = createTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <App>{children}</App>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}

/** A label's metadata as GET /model-meta/v1/models/label/{label} answers it (docs/model.md). */
export function modelInfo(label: ModelLabel, lng: Lang = 'en-US'): ModelInfo {
  const m = MODEL_META[label];
  const pick = (o: { zh: string; en: string }) => (lng === 'en-US' ? o.en : o.zh);
  const attrs: AttrInfo[] = m.attrs.map(({ zh: _zh, en: _en, values, required, ...rest }) => ({
    ...rest,
    label: pick({ zh: _zh, en: _en }),
    required: required ?? false,
    ...(values ? { values: values.map((v) => ({ value: v.value, text: pick(v) })) } : {}),
  }));
  return { label, name: pick(m), children: [...m.children], writable: m.writable, attrs };
}

export const allModelInfo = (lng: Lang = 'en-US'): Map<string, ModelInfo> =>
  new Map(Object.keys(MODEL_META).map((l) => [l, modelInfo(l as ModelLabel, lng)]));
