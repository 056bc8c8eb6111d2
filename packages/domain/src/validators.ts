/**
 * Form validation rules of spec section 5 as pure predicates, and checks that return a message key
 * (under the widgets i18n namespace, 'validation.*') with its parameters, or null when the value
 * passes. Callers trim text before checking (checks trim again to be safe).
 */

/** A failed check: the message key and its interpolation parameters. */
export interface ValidationIssue {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

export type ValidationKey =
  | 'validation.required'
  | 'validation.oldPasswordRequired'
  | 'validation.newPasswordRequired'
  | 'validation.maxLength'
  | 'validation.strongPassword'
  | 'validation.passwordsDiffer'
  | 'validation.specialCharacters'
  | 'validation.lengthRange'
  | 'validation.noSpaces'
  | 'validation.mobilePhone'
  | 'validation.landline'
  | 'validation.phoneOrLandline'
  | 'validation.integer'
  | 'validation.decimal2'
  | 'validation.decimal6'
  | 'validation.select';

/** Password length limits (spec section 9): old 32, new and confirm 18; strong passwords are 8 to 18 long. */
export const PASSWORD_LIMITS = { oldMax: 32, newMax: 18, strongMin: 8, strongMax: 18 } as const;
/** The length ranges of name and text fields: 1 to 140, 1 to 50, 1 to 255. */
export const LENGTH_LIMITS = [140, 50, 255] as const;
/** Message text longer than this is highlighted in a warning colour. */
export const MESSAGE_WARNING_LENGTH = 60;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/** Strong password: upper and lower case letters, a digit and a special character (any other visible character), 8 to 18 long, no spaces. */
export function isStrongPassword(value: string): boolean {
  return /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9])\S{8,18}$/.test(value);
}

/** Old password: required ('original password cannot be empty'), at most 32 characters. */
export function checkOldPassword(value: unknown): ValidationIssue | null {
  const v = text(value);
  if (v === '') return { key: 'validation.oldPasswordRequired' };
  if (v.length > PASSWORD_LIMITS.oldMax) return { key: 'validation.maxLength', params: { max: PASSWORD_LIMITS.oldMax } };
  return null;
}

/** New password: required ('new password cannot be empty'), at most 18, strong. */
export function checkNewPassword(value: unknown): ValidationIssue | null {
  const v = text(value);
  if (v === '') return { key: 'validation.newPasswordRequired' };
  if (v.length > PASSWORD_LIMITS.newMax) return { key: 'validation.maxLength', params: { max: PASSWORD_LIMITS.newMax } };
  if (!isStrongPassword(v)) return { key: 'validation.strongPassword' };
  return null;
}

/** Confirm password: at most 18 and equal to the new password ('passwords do not match' / 两次输入密码不一致). */
export function checkConfirmPassword(value: unknown, newPassword: unknown): ValidationIssue | null {
  const v = text(value);
  if (v.length > PASSWORD_LIMITS.newMax) return { key: 'validation.maxLength', params: { max: PASSWORD_LIMITS.newMax } };
  if (v !== text(newPassword)) return { key: 'validation.passwordsDiffer' };
  return null;
}

/**
 * Special characters forbidden in names: ASCII and full-width punctuation except '_', '-', '.', '#',
 * '·' and ASCII or full-width parentheses, which plant names use ("1#变压器", "1-2_pump (A).x",
 * "空压站（东）"); the same set the server's name pattern accepts.
 */
const SPECIAL_CHARACTERS = /[`~!@$%^&*+=<>?:"{}|,/;'\\[\]！￥…—【】《》？：“”‘’，。、；]/;

/** True when `value` holds a special character. */
export function hasSpecialCharacters(value: string): boolean {
  return SPECIAL_CHARACTERS.test(value);
}

/** True when `value` holds any white space. */
export function hasSpaces(value: string): boolean {
  return /\s/.test(value);
}

/** True when the trimmed length is 1 to `max` characters (code points). */
export function isLengthWithin(value: string, max: number): boolean {
  const n = [...value.trim()].length;
  return n >= 1 && n <= max;
}

/** Mobile phone: 11 digits, first 1, second 3, 4, 5, 7, 8 or 9. */
export function isMobilePhone(value: string): boolean {
  return /^1[345789]\d{9}$/.test(value);
}

/** Landline: area code (0 and 2–3 digits), hyphen, 7 or 8 digits, optional hyphen and extension of 3 or more digits. */
export function isLandline(value: string): boolean {
  return /^0\d{2,3}-\d{7,8}(-\d{3,})?$/.test(value);
}

/** Mobile phone or landline. */
export function isPhoneOrLandline(value: string): boolean {
  return isMobilePhone(value) || isLandline(value);
}

/** Integer 0 to 999999999 written without sign or leading zeros. */
export function isIntegerInRange(value: string): boolean {
  return /^(0|[1-9]\d{0,8})$/.test(value);
}

/** Decimal 0 to 999999999999.99 with at most 2 places. */
export function isDecimal2(value: string): boolean {
  return /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(value);
}

/** Decimal 0 to 1e12 (1000000000000) with at most 6 places. */
export function isDecimal6(value: string): boolean {
  return /^(0|[1-9]\d{0,11})(\.\d{1,6})?$/.test(value) || /^1000000000000(\.0{1,6})?$/.test(value);
}

/** True for an empty choice: undefined, null, '' or an empty list. */
export function isEmptyChoice(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Select rule: 'Please select' plus the field label. */
export function checkSelect(value: unknown, label: string): ValidationIssue | null {
  return isEmptyChoice(value) ? { key: 'validation.select', params: { label } } : null;
}

/** Message text longer than 60 characters is highlighted in a warning colour. */
export function isLongMessage(message: string): boolean {
  return [...message].length > MESSAGE_WARNING_LENGTH;
}

type Predicate = (value: string) => boolean;

/**
 * Check for an optional text field: empty passes (use a required rule for that); otherwise the
 * trimmed value must satisfy `ok`.
 */
export function checkText(value: unknown, ok: Predicate, issue: ValidationIssue): ValidationIssue | null {
  const v = text(value);
  return v === '' || ok(v) ? null : issue;
}

/** Ready checks for the simple text rules, keyed by rule name. */
export const TEXT_RULES = {
  noSpecialCharacters: { ok: (v: string) => !hasSpecialCharacters(v), issue: { key: 'validation.specialCharacters' } },
  noSpaces: { ok: (v: string) => !hasSpaces(v), issue: { key: 'validation.noSpaces' } },
  mobilePhone: { ok: isMobilePhone, issue: { key: 'validation.mobilePhone' } },
  landline: { ok: isLandline, issue: { key: 'validation.landline' } },
  phoneOrLandline: { ok: isPhoneOrLandline, issue: { key: 'validation.phoneOrLandline' } },
  integer: { ok: isIntegerInRange, issue: { key: 'validation.integer' } },
  decimal2: { ok: isDecimal2, issue: { key: 'validation.decimal2' } },
  decimal6: { ok: isDecimal6, issue: { key: 'validation.decimal6' } },
} as const satisfies Record<string, { ok: Predicate; issue: ValidationIssue }>;

export type TextRuleName = keyof typeof TEXT_RULES;

/** Length rule 1 to `max` ('Length is 1 to N characters'); empty text fails as well. */
export function checkLength(value: unknown, max: number): ValidationIssue | null {
  return isLengthWithin(text(value), max) ? null : { key: 'validation.lengthRange', params: { max } };
}
