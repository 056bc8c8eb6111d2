import { describe, expect, it } from 'vitest';
import { substitute } from './substitute';

describe('message parameters $0 to $5 (spec 5)', () => {
  it.each([
    ['wait $0 minutes', [15], 'wait 15 minutes'],
    ['$1 of $0', ['a', 'b'], 'b of a'],
    ['$0$1$2$3$4$5', [0, 1, 2, 3, 4, 5], '012345'],
    ['$6 stays', [0, 1, 2, 3, 4, 5, 6], '$6 stays'],
    ['missing $2', ['a'], 'missing $2'],
  ] as const)('%s', (text, args, expected) => {
    expect(substitute(text, ...args)).toBe(expected);
  });
});
