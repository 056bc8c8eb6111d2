/**
 * Date-range rules (spec sections 2, 4, 5, 9): unit ranges and shifting in date-range-units.ts,
 * picker rules, grid shortcuts and the grid request range in date-range-pickers.ts. Local time of
 * the runtime throughout.
 */
export * from './date-range-units.js';
export * from './date-range-pickers.js';
