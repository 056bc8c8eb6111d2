import { describe, expect, it } from 'vitest';
import {
  TEXT_RULES,
  checkConfirmPassword,
  checkLength,
  checkNewPassword,
  checkOldPassword,
  checkSelect,
  checkText,
  hasSpaces,
  hasSpecialCharacters,
  isDecimal2,
  isDecimal6,
  isIntegerInRange,
  isLandline,
  isLongMessage,
  isMobilePhone,
  isPhoneOrLandline,
  isStrongPassword,
} from './validators.js';

describe('spec 5: strong password (upper, lower, digit, special, 8 to 18)', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcdefghijklmno1!x', true], // 18
    ['Abcdefghijklmno1!xy', false], // 19
    ['Abcde1!', false], // 7
    ['abcdef1!', false], // no upper
    ['ABCDEF1!', false], // no lower
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special
    ['Abc def1!', false], // space
  ])('%s → %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));
});

describe('spec 5: password fields', () => {
  it('old password is required and at most 32', () => {
    expect(checkOldPassword('   ')).toEqual({ key: 'validation.oldPasswordRequired' });
    expect(checkOldPassword('x'.repeat(32))).toBeNull();
    expect(checkOldPassword('x'.repeat(33))).toEqual({ key: 'validation.maxLength', params: { max: 32 } });
  });
  it('new password is required, at most 18 and strong', () => {
    expect(checkNewPassword(undefined)).toEqual({ key: 'validation.newPasswordRequired' });
    expect(checkNewPassword('Abcdefghijklmno1!xy')).toEqual({ key: 'validation.maxLength', params: { max: 18 } });
    expect(checkNewPassword('weakpassword')).toEqual({ key: 'validation.strongPassword' });
    expect(checkNewPassword(' Abcdef1! ')).toBeNull(); // trimmed
  });
  it('confirm password is at most 18 and must equal the new one (两次输入密码不一致)', () => {
    expect(checkConfirmPassword('Abcdef1!', 'Abcdef1!')).toBeNull();
    expect(checkConfirmPassword('Abcdef1?', 'Abcdef1!')).toEqual({ key: 'validation.passwordsDiffer' });
    expect(checkConfirmPassword('', 'Abcdef1!')).toEqual({ key: 'validation.passwordsDiffer' });
    expect(checkConfirmPassword('x'.repeat(19), 'x'.repeat(19))).toEqual({ key: 'validation.maxLength', params: { max: 18 } });
  });
});

describe('spec 5: names without special characters, no spaces, lengths', () => {
  it.each([
    ['1号变压器', false],
    ['pump_1-A (B).x', false],
    ['pump#1', false],
    ['1#变压器', false],
    ['空压站（东）', false],
    ['A·B', false],
    ['pump@1', true],
    ['a@b', true],
    ['温度！', true],
    ['名称，', true],
  ])('special characters in %s → %s', (v, has) => expect(hasSpecialCharacters(v)).toBe(has));
  it('spaces', () => {
    expect(hasSpaces('ab')).toBe(false);
    expect(hasSpaces('a b')).toBe(true);
    expect(checkText('a b', TEXT_RULES.noSpaces.ok, TEXT_RULES.noSpaces.issue)).toEqual({ key: 'validation.noSpaces' });
  });
  it.each([140, 50, 255])('length is 1 to %i characters', (max) => {
    expect(checkLength('x'.repeat(max), max)).toBeNull();
    expect(checkLength('x'.repeat(max + 1), max)).toEqual({ key: 'validation.lengthRange', params: { max } });
    expect(checkLength('  ', max)).toEqual({ key: 'validation.lengthRange', params: { max } });
  });
  it('length counts Chinese characters as one each', () => expect(checkLength('变'.repeat(50), 50)).toBeNull());
});

describe('spec 5: mobile phone and landline', () => {
  it.each([
    ['13812345678', true],
    ['14812345678', true],
    ['19912345678', true],
    ['12812345678', false], // second digit 2
    ['16812345678', false], // second digit 6
    ['1381234567', false], // 10 digits
    ['23812345678', false], // first digit 2
  ])('mobile %s → %s', (v, ok) => expect(isMobilePhone(v)).toBe(ok));
  it.each([
    ['010-12345678', true],
    ['0755-1234567', true],
    ['0755-1234567-123', true],
    ['0755-1234567-12', false], // extension too short
    ['0755-123456', false], // 6 digits
    ['075512345678', false], // no hyphen
  ])('landline %s → %s', (v, ok) => expect(isLandline(v)).toBe(ok));
  it('phone or landline accepts either', () => {
    expect(isPhoneOrLandline('13812345678')).toBe(true);
    expect(isPhoneOrLandline('010-12345678')).toBe(true);
    expect(isPhoneOrLandline('12345')).toBe(false);
  });
});

describe('spec 5: numbers', () => {
  it.each([
    ['0', true],
    ['999999999', true],
    ['1000000000', false],
    ['-1', false],
    ['1.5', false],
    ['01', false],
  ])('integer 0 to 999999999: %s → %s', (v, ok) => expect(isIntegerInRange(v)).toBe(ok));
  it.each([
    ['999999999999.99', true],
    ['0.5', true],
    ['1000000000000', false],
    ['1.234', false],
    ['-0.1', false],
  ])('decimal 0 to 999999999999.99 with 2 places: %s → %s', (v, ok) => expect(isDecimal2(v)).toBe(ok));
  it.each([
    ['1000000000000', true],
    ['1000000000000.000000', true],
    ['1000000000000.000001', false],
    ['0.123456', true],
    ['0.1234567', false],
  ])('decimal 0 to 1e12 with 6 places: %s → %s', (v, ok) => expect(isDecimal6(v)).toBe(ok));
  it('empty optional number passes; the required rule handles emptiness', () => {
    expect(checkText('', TEXT_RULES.integer.ok, TEXT_RULES.integer.issue)).toBeNull();
  });
});

describe("spec 5: select rule 'Please select' plus the label", () => {
  it.each([[undefined], [null], [''], [[]]])('%s is empty', (v) => {
    expect(checkSelect(v, 'Device')).toEqual({ key: 'validation.select', params: { label: 'Device' } });
  });
  it('0 is a choice', () => expect(checkSelect(0, 'Device')).toBeNull());
});

describe('spec 5: message text longer than 60 characters is highlighted', () => {
  it('60 is not, 61 is', () => {
    expect(isLongMessage('x'.repeat(60))).toBe(false);
    expect(isLongMessage('x'.repeat(61))).toBe(true);
  });
});
