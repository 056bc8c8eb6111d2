import { useCallback } from 'react';

/** 'MM-DD' of a day start in the project's timezone (the browser may sit in another one). */
export function useDayLabel(timeZone: string | undefined): (ts: number) => string {
  return useCallback(
    (ts: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'Asia/Shanghai', month: '2-digit', day: '2-digit' }).format(new Date(ts)),
    [timeZone],
  );
}
