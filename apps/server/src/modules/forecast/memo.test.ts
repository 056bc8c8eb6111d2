import { describe, expect, it } from 'vitest';
import { digest, forgetForecastWork, remembered, rememberedAsync } from './memo.js';

describe('remembered forecast work', () => {
  it('a digest tells apart null, 0, −0 and NaN, and any changed value', () => {
    const all = [digest([1, 2, 3]), digest([1, 2, 3.0000001]), digest([null, 0]), digest([0, 0]), digest([-0, 0]), digest([NaN, 0]), digest([1, 2])];
    expect(new Set(all).size).toBe(all.length);
    expect(digest([1, 2, 3])).toBe(digest([1, 2, 3]));
  });

  it('computes once per key and again after forgetting; another key computes its own', () => {
    forgetForecastWork();
    let runs = 0;
    const f = (k: string) => remembered(k, () => ({ run: ++runs }));
    expect([f('a'), f('a'), f('b'), f('a')].map((x) => x.run)).toEqual([1, 1, 2, 1]);
    forgetForecastWork();
    expect(f('a').run).toBe(3);
  });

  it('is bounded: the least recently used key goes first', () => {
    forgetForecastWork();
    let runs = 0;
    const f = (k: string) => remembered(k, () => ++runs);
    f('keep');
    for (let i = 0; i < 300; i++) {
      f(`k${i}`);
      f('keep');
    }
    expect(f('keep')).toBe(1);
    expect(f('k0')).toBe(runs);
  });

  it('work in slices: calls with the same key while it works share its one promise; one that failed is tried again', async () => {
    forgetForecastWork();
    let runs = 0;
    const f = (k: string) =>
      rememberedAsync(k, async () => {
        const run = ++runs;
        await new Promise((r) => setImmediate(r));
        if (k === 'bad' && run === 2) throw new Error('failed');
        return { run };
      });
    const [a, b] = [f('a'), f('a')];
    expect(a).toBe(b);
    expect([(await a).run, (await b).run, (await f('a')).run]).toEqual([1, 1, 1]);
    await expect(f('bad')).rejects.toThrow('failed');
    expect((await f('bad')).run).toBe(3);
    expect((await f('bad')).run).toBe(3);
  });
});
