import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { getSystemConfig } from '../lib/config';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, tr } from '../i18n';
import { LoadingOverlay } from '../lib/http/loading-overlay';
import { MESSAGE_SECONDS, setNotifier } from '../lib/notify';
import type { Theme } from '../lib/storage';
import { antdThemeConfig } from '../lib/theme';
import { MessageText } from '../widgets/message-text/message-text';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * Routes lib messages through antd's context-aware message API so they follow the theme; text longer
 * than 60 characters shows in the warning colour (spec section 5).
 */
function NotifierBridge({ configError }: { configError?: string }) {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (t, s = MESSAGE_SECONDS) => void message.error(<MessageText text={t} />, s),
      info: (t, s = MESSAGE_SECONDS) => void message.info(<MessageText text={t} />, s),
      success: (t, s = MESSAGE_SECONDS) => void message.success(<MessageText text={t} />, s),
      warning: (t, s = MESSAGE_SECONDS) => void message.warning(<MessageText text={t} />, s),
    });
    if (configError) void message.error(tr('common:http.configLoad', configError));
  }, [message, configError]);
  return null;
}

/** Page background, progress-bar colour and document title follow the theme and language. */
function DocumentChrome() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.documentElement.style.setProperty('--ems-color-primary', token.colorPrimary);
    const config = getSystemConfig();
    document.title = i18n.language === 'en-US' ? config.enProjectName : config.projectName;
  }, [token]);
  return null;
}

export function Providers({ theme, locale, configError, children }: { theme: Theme; locale: Locale; configError?: string; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={antdThemeConfig(theme)} locale={locale}>
        <AntApp style={{ height: '100%' }}>
          <NotifierBridge configError={configError} />
          <DocumentChrome />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          <LoadingOverlay />
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
