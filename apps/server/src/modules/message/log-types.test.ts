import { describe, expect, it } from 'vitest';
import { LOG_TYPE } from '@ems/contract';
import { NAMED_LOG_TYPES, logTypeName } from './log-types.js';

describe('logTypeName: the message centre names each log type in zh_cn and en', () => {
  it('every LOG_TYPE has a name in both languages, and they differ', () => {
    expect([...NAMED_LOG_TYPES].sort()).toEqual(Object.values(LOG_TYPE).sort());
    for (const t of NAMED_LOG_TYPES) {
      expect(logTypeName(t, 'zh')).toMatch(/[\u4e00-\u9fff]/);
      expect(logTypeName(t, 'en')).toMatch(/^[a-z]/);
    }
  });
  it('an unknown log type reads as another event with its number', () => {
    expect(logTypeName(999, 'en')).toBe('other event (999)');
    expect(logTypeName(999, 'zh')).toBe('其他事件（999）');
  });
});
