import dayjs, { type Dayjs } from 'dayjs';
import { fromWallClock, toWallClock } from './format';

/**
 * antd's pickers work in dayjs values of the BROWSER's zone. To show and pick a project's dates, a
 * picker is given a value whose browser-local fields equal the project's wall clock, and what it
 * returns is read back the same way. (A project time that the browser's own DST skips cannot be shown
 * exactly; the picker then shows the hour after it.)
 */
export function toPickerValue(ms: number, timeZone: string): Dayjs {
  const w = new Date(toWallClock(ms, timeZone));
  return dayjs(new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), w.getUTCMilliseconds()));
}

/** The instant a picker value stands for: its fields read as the project's wall clock. */
export function fromPickerValue(value: Dayjs, timeZone: string): number {
  return fromWallClock(Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute(), value.second(), value.millisecond()), timeZone);
}
