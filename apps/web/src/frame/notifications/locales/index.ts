import { i18n } from '../../../i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

/** i18n namespace of the header's notifications. */
export const NS = 'notifications';

export const NOTIFICATION_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/**
 * Adds this folder's texts to i18next once it is running (the app's area-locale glob covers
 * features and widgets, not frame folders; a frame folder registers its own namespace).
 */
export function ensureNotificationLocales(): void {
  if (!i18n.isInitialized || i18n.hasResourceBundle('zh-CN', NS)) return;
  for (const [tag, texts] of Object.entries(NOTIFICATION_LOCALES)) i18n.addResourceBundle(tag, NS, texts, true, false);
}
