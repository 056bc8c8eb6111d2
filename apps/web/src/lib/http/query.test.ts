import { describe, expect, it, vi } from 'vitest';
import { createQueryRunner, createSaver, queryInputsValid } from './query';

describe('generic query runs only when inputs are valid (spec 5)', () => {
  it.each([
    ['no requirements: runs', {}, {}, true],
    ['a required tree node with a non-negative id', { requireTreeNode: true }, { treeNode: { id: 0 } }, true],
    ['a required tree node that is missing', { requireTreeNode: true }, {}, false],
    ['a required tree node with a negative id', { requireTreeNode: true }, { treeNode: { id: -1 } }, false],
    ['a required id that is a non-negative number', { requireId: true }, { id: 4 }, true],
    ['a required id that is negative', { requireId: true }, { id: -2 }, false],
    ['a required id that is null', { requireId: true }, { id: null }, false],
    ['every configured filter has a non-null dynamic input', { filters: ['a', 'b'] }, { dynamicInput: { a: 0, b: '' } }, true],
    ['a configured filter with a null dynamic input', { filters: ['a', 'b'] }, { dynamicInput: { a: 1, b: null } }, false],
  ])('%s', (_n, req, inputs, expected) => {
    expect(queryInputsValid(req, inputs)).toBe(expected);
  });

  it('an invalid query is skipped without calling the server', async () => {
    const fetcher = vi.fn(async () => 1);
    const runner = createQueryRunner(fetcher, { requireId: true });
    expect(await runner.run({ id: -1 })).toEqual({ status: 'skipped' });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('the same query is not sent twice; a failed query forgets itself so a retry runs and a fail signal goes out', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('rows');
    const runner = createQueryRunner(fetcher);
    const failed = vi.fn();
    runner.onFail(failed);
    expect((await runner.run({ id: 1 })).status).toBe('failed');
    expect(failed).toHaveBeenCalledOnce();
    expect(await runner.run({ id: 1 })).toEqual({ status: 'ok', data: 'rows' });
    expect(await runner.run({ id: 1 })).toEqual({ status: 'skipped' });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('save helper: a saving flag blocks double submit (spec 4, 7)', () => {
  it('blocks a second submit while the first runs', async () => {
    let finish!: (v: string) => void;
    const saver = createSaver(() => new Promise<string>((ok) => (finish = ok)));
    const first = saver.save({});
    expect(saver.saving).toBe(true);
    expect(await saver.save({})).toEqual({ status: 'blocked' });
    finish('done');
    expect(await first).toEqual({ status: 'ok', data: 'done' });
    expect(saver.saving).toBe(false);
  });
  it('a failure frees the flag and emits a fail signal', async () => {
    const saver = createSaver(vi.fn().mockRejectedValueOnce(new Error('no')).mockResolvedValue(1));
    const failed = vi.fn();
    saver.onFail(failed);
    expect((await saver.save({})).status).toBe('failed');
    expect(failed).toHaveBeenCalledOnce();
    expect(saver.saving).toBe(false);
    expect((await saver.save({})).status).toBe('ok');
  });
});
