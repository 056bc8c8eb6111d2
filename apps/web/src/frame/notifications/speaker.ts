import type { LocaleTag } from '../../i18n';

/**
 * How new notifications are spoken (spec section 4). The browser's speech synthesis by default;
 * browser tests install a recorder as `window.__EMS_SPEAKER__` before the app loads (Chromium
 * blocks speech before a user gesture, and a recorder can be asserted on), unit tests call setSpeaker.
 */
export interface Speaker {
  speak(text: string, lang: LocaleTag): void;
}

declare global {
  interface Window {
    __EMS_SPEAKER__?: Speaker;
  }
}

export const browserSpeaker: Speaker = {
  speak(text, lang) {
    if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof SpeechSynthesisUtterance === 'undefined') return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    window.speechSynthesis.speak(utterance);
  },
};

let installed: Speaker | null = null;

export function setSpeaker(speaker: Speaker | null): void {
  installed = speaker;
}

export function currentSpeaker(): Speaker {
  return installed ?? (typeof window !== 'undefined' ? window.__EMS_SPEAKER__ : undefined) ?? browserSpeaker;
}
