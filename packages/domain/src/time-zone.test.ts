import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from './time-zone.js';

describe('isIanaTimeZone', () => {
  it('takes canonical IANA names, the links the runtime knows, and UTC', () => {
    for (const z of ['UTC', 'Asia/Shanghai', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Asia/Kolkata', 'US/Pacific', 'Etc/UTC']) {
      expect(isIanaTimeZone(z), z).toBe(true);
    }
  });

  it('refuses made-up names, offsets and names in the wrong case', () => {
    for (const z of ['', 'x', 'Mars/Olympus', '+08:00', 'UTC+8', 'Etc/GMT-8', 'GMT', 'asia/shanghai', 'Asia/ShangHai', 'Asia/Shanghai/', '../etc/passwd', 'Asia/Shanghai\u0000']) {
      expect(isIanaTimeZone(z), JSON.stringify(z)).toBe(false);
    }
  });
});
