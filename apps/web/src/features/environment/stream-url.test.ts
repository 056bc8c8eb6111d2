import { describe, expect, it } from 'vitest';
import { columnsOf, isHlsUrl, isSameOrigin } from './stream-url';

describe('stream URLs', () => {
  it.each([
    ['/eem-service/v1/environment/video/demo/index.m3u8', true],
    ['https://nvr.example.com/live/cam1.m3u8?token=1', true],
    ['rtsp://10.0.0.5:554/stream1', false],
    ['https://nvr.example.com/live/cam1.mp4', false],
    ['', false],
  ])('%s plays with hls.js: %s', (url, ok) => expect(isHlsUrl(url)).toBe(ok));
  it('session headers go to this origin only', () => {
    expect(isSameOrigin('/eem-service/v1/environment/video/demo/segment0.ts', 'http://localhost:8080')).toBe(true);
    expect(isSameOrigin('https://nvr.example.com/a.m3u8', 'http://localhost:8080')).toBe(false);
  });
  it('1, 4 and 9 players: 1, 2 and 3 columns', () => expect([1, 4, 9].map((n) => columnsOf(n as 1 | 4 | 9))).toEqual([1, 2, 3]));
});
