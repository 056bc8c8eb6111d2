/**
 * Message text parameters $0 to $5 are substituted into translated strings (spec section 5).
 * A placeholder without a value stays as written.
 */
export function substitute(text: string, ...args: readonly (string | number)[]): string {
  return text.replace(/\$([0-5])/g, (whole, digit: string) => {
    const value = args[Number(digit)];
    return value === undefined ? whole : String(value);
  });
}
