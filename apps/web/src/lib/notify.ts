import { message } from 'antd';

/**
 * How lib code shows short messages. The app swaps in antd's context-aware `App.useApp().message`
 * (so messages follow the theme); tests swap in a recorder.
 */
export interface Notifier {
  error(text: string, seconds?: number): void;
  info(text: string, seconds?: number): void;
  success(text: string, seconds?: number): void;
  warning(text: string, seconds?: number): void;
}

/** Message display 3 s, 5 s for server errors (spec section 9). */
export const MESSAGE_SECONDS = 3;
export const SERVER_ERROR_SECONDS = 5;

let current: Notifier = {
  error: (t, s = MESSAGE_SECONDS) => void message.error(t, s),
  info: (t, s = MESSAGE_SECONDS) => void message.info(t, s),
  success: (t, s = MESSAGE_SECONDS) => void message.success(t, s),
  warning: (t, s = MESSAGE_SECONDS) => void message.warning(t, s),
};

export function setNotifier(n: Notifier): void {
  current = n;
}

export const notify: Notifier = {
  error: (t, s) => current.error(t, s),
  info: (t, s) => current.info(t, s),
  success: (t, s) => current.success(t, s),
  warning: (t, s) => current.warning(t, s),
};
