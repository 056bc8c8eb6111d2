import type { EventClass } from '@ems/domain';

/**
 * Class colours (spec section 3): accident red, alarm orange, early warning blue, general teal,
 * other green. antd preset colour names, so the theme (light or dark) supplies the shades.
 */
export const CLASS_COLOUR: Record<EventClass, 'red' | 'orange' | 'blue' | 'cyan' | 'green'> = {
  1: 'red',
  2: 'orange',
  4: 'blue',
  3: 'cyan',
  5: 'green',
};
