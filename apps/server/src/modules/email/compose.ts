import { EVENT_CLASS } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { logTypeName } from '../message/log-types.js';
import { localDateTime } from './schedule.js';

export interface EventFilter {
  logTypes: number[];
  eventClasses: number[];
  levels: number[];
}
export interface MailEvent {
  id: number;
  logType: number;
  eventClass: number;
  time: number;
  messageZh: string;
  messageEn: string;
  /** JSON text with `level` */
  description: string;
}
export interface MailProject {
  name: string;
  enName: string;
  timezone: string;
}

export const levelOf = (e: Pick<MailEvent, 'description'>): number | null => {
  try {
    const level = (JSON.parse(e.description) as { level?: unknown }).level;
    return typeof level === 'number' ? level : null;
  } catch {
    return null;
  }
};

/** Whether an event is one a subscription asks for: each non-empty list must hold the event's value. */
export function matches(f: EventFilter, e: Pick<MailEvent, 'logType' | 'eventClass' | 'description'>): boolean {
  if (f.logTypes.length && !f.logTypes.includes(e.logType)) return false;
  if (f.eventClasses.length && !f.eventClasses.includes(e.eventClass)) return false;
  if (f.levels.length) {
    const level = levelOf(e);
    if (level === null || !f.levels.includes(level)) return false;
  }
  return true;
}

const CLASS_NAMES: Record<number, [string, string]> = {
  [EVENT_CLASS.accident]: ['事故', 'accident'],
  [EVENT_CLASS.alarm]: ['告警', 'alarm'],
  [EVENT_CLASS.general]: ['一般', 'general'],
  [EVENT_CLASS.earlyWarning]: ['预警', 'early warning'],
  [EVENT_CLASS.other]: ['其他', 'other'],
};
const LEVEL_NAMES: Record<number, [string, string]> = { 1: ['事故', 'accident'], 2: ['告警', 'alarm'], 4: ['预警', 'early warning'] };
const pick = (names: [string, string] | undefined, lang: Lang, fallback: number | null) => (names ? names[lang === 'en' ? 1 : 0] : fallback === null ? '-' : String(fallback));
export const projectName = (p: MailProject, lang: Lang) => (lang === 'en' ? p.enName || p.name : p.name);
const message = (e: MailEvent, lang: Lang) => (lang === 'en' ? e.messageEn : e.messageZh);

export function eventSubject(p: MailProject, e: MailEvent, lang: Lang): string {
  return `[EMS] ${projectName(p, lang)} – ${logTypeName(e.logType, lang)}: ${message(e, lang)}`.slice(0, 300);
}

function eventLine(p: MailProject, e: MailEvent, lang: Lang): string {
  const cls = pick(CLASS_NAMES[e.eventClass], lang, e.eventClass);
  const level = levelOf(e);
  return `${localDateTime(e.time, p.timezone)}  [${cls}${level === null ? '' : ` / ${pick(LEVEL_NAMES[level], lang, level)}`}]  ${logTypeName(e.logType, lang)}  ${message(e, lang)}`;
}

export function eventBody(p: MailProject, e: MailEvent, lang: Lang): string {
  const head = lang === 'en' ? `Project ${projectName(p, lang)} recorded an event (times in ${p.timezone}):` : `项目“${projectName(p, lang)}”记录了一条事件（时间为 ${p.timezone}）：`;
  return `${head}\n\n${eventLine(p, e, lang)}\n`;
}

export function digestSubject(p: MailProject, from: number, to: number, count: number, lang: Lang): string {
  const range = `${localDateTime(from, p.timezone)} – ${localDateTime(to, p.timezone)}`;
  return lang === 'en' ? `[EMS] ${projectName(p, lang)} events ${range} (${count})` : `[EMS] ${projectName(p, lang)} 事件汇总 ${range}（${count} 条）`;
}

/** At most this many events are listed in a digest; the rest are counted. */
export const DIGEST_MAX_LINES = 500;

export function digestBody(p: MailProject, from: number, to: number, events: readonly MailEvent[], lang: Lang): string {
  const range = `${localDateTime(from, p.timezone)} – ${localDateTime(to, p.timezone)} (${p.timezone})`;
  const head = lang === 'en' ? `Events of project ${projectName(p, lang)}, ${range}: ${events.length}` : `项目“${projectName(p, lang)}”的事件，${range}：共 ${events.length} 条`;
  const lines = events.slice(0, DIGEST_MAX_LINES).map((e) => eventLine(p, e, lang));
  const more = events.length > DIGEST_MAX_LINES ? [lang === 'en' ? `… and ${events.length - DIGEST_MAX_LINES} more` : `…… 另有 ${events.length - DIGEST_MAX_LINES} 条`] : [];
  return [head, '', ...lines, ...more, ''].join('\n');
}

export function reportSubject(p: MailProject, templateName: string, due: number, lang: Lang): string {
  return `[EMS] ${projectName(p, lang)} – ${templateName} (${localDateTime(due, p.timezone)})`.slice(0, 300);
}

export function reportBody(p: MailProject, title: string, lang: Lang): string {
  return lang === 'en' ? `Attached: ${title}, project ${projectName(p, lang)}.\n` : `附件为项目“${projectName(p, lang)}”的${title}。\n`;
}
