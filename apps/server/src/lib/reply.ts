import type { ApiReply } from '@ems/contract';
import { t, type Lang } from './i18n.js';

/** A success envelope. */
export function ok<T>(lang: Lang, data: T, total?: number): ApiReply<T> {
  return total === undefined ? { code: 0, msg: t(lang, 'ok'), data } : { code: 0, msg: t(lang, 'ok'), data, total };
}
