import { useMemo } from 'react';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TEXT_RULES,
  checkConfirmPassword,
  checkLength,
  checkNewPassword,
  checkOldPassword,
  checkSelect,
  checkText,
  type TextRuleName,
  type ValidationIssue,
} from '@ems/domain';

/**
 * Spread on a Form or Form.Item so its rules run on blur; submitting (validateFields) runs every
 * rule again regardless of trigger (spec section 5).
 */
export const VALIDATE_ON_BLUR = { validateTrigger: 'onBlur' } as const;

type Translate = (key: string, params?: Record<string, string | number>) => string;
type Check = (value: unknown, getFieldValue: (name: string) => unknown) => ValidationIssue | null;

function ruleOf(check: Check, t: Translate): FormRule {
  return ({ getFieldValue }) => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const issue = check(value, getFieldValue);
      if (issue) throw new Error(t(issue.key, issue.params));
    },
  });
}

/**
 * antd Form rules for spec section 5, with messages from the 'widgets' namespace. Values are trimmed
 * before checking.
 */
export function useFormRules() {
  const { t } = useTranslation('widgets');
  return useMemo(() => {
    const tr: Translate = (key, params) => t(key, params ?? {});
    const text = (name: TextRuleName): FormRule[] => [
      ruleOf((v) => checkText(v, TEXT_RULES[name].ok, TEXT_RULES[name].issue), tr),
    ];
    return {
      /** Required field: '{label} cannot be empty'. */
      required: (label: string): FormRule[] => [
        ruleOf((v) => (v === undefined || v === null || String(v).trim() === '' ? { key: 'validation.required', params: { label } } : null), tr),
      ],
      oldPassword: (): FormRule[] => [ruleOf((v) => checkOldPassword(v), tr)],
      newPassword: (): FormRule[] => [ruleOf((v) => checkNewPassword(v), tr)],
      /** Use with `dependencies={[newPasswordField]}` so a change of the new password re-validates it. */
      confirmPassword: (newPasswordField: string): FormRule[] => [
        ruleOf((v, get) => checkConfirmPassword(v, get(newPasswordField)), tr),
      ],
      /** 1..max characters, no special characters (names). */
      name: (max: number): FormRule[] => [
        ruleOf((v) => checkLength(v, max), tr),
        ...text('noSpecialCharacters'),
      ],
      length: (max: number): FormRule[] => [ruleOf((v) => checkLength(v, max), tr)],
      noSpaces: () => text('noSpaces'),
      mobilePhone: () => text('mobilePhone'),
      landline: () => text('landline'),
      phoneOrLandline: () => text('phoneOrLandline'),
      integer: () => text('integer'),
      decimal2: () => text('decimal2'),
      decimal6: () => text('decimal6'),
      /** 'Please select' plus the label. */
      select: (label: string): FormRule[] => [ruleOf((v) => checkSelect(v, label), tr)],
    };
  }, [t]);
}

/** Trims every string value of a submitted form (spec section 5: values are trimmed). */
export function trimValues<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
