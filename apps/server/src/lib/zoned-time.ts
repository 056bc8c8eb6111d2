import { localParts } from '@ems/domain';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD HH:mm') of `ts` on the wall clock of `timeZone` — how an
 * export writes a time, so a sheet reads as the plant's clock (an ExcelJS Date cell is UTC).
 */
export function zonedDateTime(ts: number, timeZone: string, seconds = true): string {
  const p = localParts(ts, timeZone);
  const hm = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
  return seconds ? `${hm}:${pad(p.second)}` : hm;
}

/** 'YYYY-MM-DD' of `ts` in `timeZone`: a day's row in a daily sheet. */
export function zonedDate(ts: number, timeZone: string): string {
  const p = localParts(ts, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'YYYYMMDD' of `ts` in `timeZone`, as export file names carry it. */
export function zonedDayStamp(ts: number, timeZone: string): string {
  const p = localParts(ts, timeZone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}`;
}
