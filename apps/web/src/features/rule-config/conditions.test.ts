import { describe, expect, it } from 'vitest';
import type { RuleConfig } from '@ems/contract';
import { ALGORITHM_PARAMS, describeContract, toAlgorithmForm, toAlgorithmInput } from './algorithm-params';
import { OPERATOR_SYMBOLS, describeConditions, toRuleForm, toRuleInput } from './conditions';
import zh from './locales/zh-CN';
import en from './locales/en-US';

const RULE: RuleConfig = {
  id: 4,
  projectId: 1,
  name: '进线电压越限',
  nodeId: 40,
  modelLabel: 'meter',
  nodeName: '1#进线柜',
  conditions: [
    { dataId: 5, operator: 1, limit: 240, dataName: 'A相电压', unit: 'V' },
    { dataId: 6, operator: 5, limit: 10, dataName: '温度', unit: '' },
  ],
  combinator: 2,
  minDurationSec: 60,
  hysteresis: 2,
  level: 4,
  eventType: 2,
  logType: 702,
  enabled: true,
  description: '',
  updateTime: 0,
};

describe('rule conditions (spec section 4: comparison codes and combinators)', () => {
  it('codes 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=', () => {
    expect(OPERATOR_SYMBOLS).toEqual({ 1: '>', 2: '<', 3: '=', 4: '>=', 5: '<=', 6: '!=' });
  });

  it('combinators 1 and, 2 or, in both languages', () => {
    expect(zh.combinator).toEqual({ 1: '且', 2: '或' });
    expect(en.combinator).toEqual({ 1: 'and', 2: 'or' });
  });

  it('a rule reads as one line', () => {
    expect(describeConditions(RULE.conditions, 'or')).toBe('A相电压 > 240 V or 温度 <= 10');
  });

  it('form → save body: texts become numbers, the name is trimmed, the id kept when editing', () => {
    const form = { ...toRuleForm(RULE), name: ' 进线电压越限 ', conditions: [{ dataId: 5, operator: 4, limit: '241.5' }], minDurationSec: '30', hysteresis: '0.5' };
    expect(toRuleInput(form, 4)).toEqual({
      id: 4,
      name: '进线电压越限',
      nodeId: 40,
      modelLabel: 'meter',
      conditions: [{ dataId: 5, operator: 4, limit: 241.5 }],
      combinator: 2,
      minDurationSec: 30,
      hysteresis: 0.5,
      level: 4,
      enabled: true,
      description: '',
    });
    expect(toRuleInput(form)).not.toHaveProperty('id');
  });
});

describe('algorithm parameters', () => {
  it('required per kind as the server requires them', () => {
    const required = Object.fromEntries(Object.entries(ALGORITHM_PARAMS).map(([k, fs]) => [k, fs.filter((f) => f.required).map((f) => f.name)]));
    expect(required).toEqual({
      // the tariff's contracted demand applies when none is entered
      demand: [],
      offline: ['offlineMinutes'],
      switch: [],
      efficiency: ['threshold', 'outputDeviceId'],
      balance: ['tolerancePercent'],
      quota: ['quotaMonthly'],
      baseLoad: ['nightLimit'],
    });
  });

  it("only the kind's parameters go out; empty ones are left to the server's defaults", () => {
    const input = toAlgorithmInput({
      name: '需量',
      kind: 'demand',
      node: { id: 9, modelLabel: 'meter' },
      params: { contractKw: '800', preAlarmPercent: '', windowMinutes: '15', offlineMinutes: '5', deviceIds: [] },
      level: 2,
      enabled: true,
    });
    expect(input.params).toEqual({ contractKw: 800, windowMinutes: 15 });
    expect(input).toMatchObject({ kind: 'demand', nodeId: 9, modelLabel: 'meter', description: '' });
  });

  it('efficiency grade bounds are edited as comma-separated text and sent as numbers; a saved list reads back as text', () => {
    const input = toAlgorithmInput({
      name: '冷站能效',
      kind: 'efficiency',
      node: { id: 9, modelLabel: 'meter' },
      params: { threshold: '4', outputDeviceId: 12, gradeBounds: '5, 4，3' },
      level: 2,
      enabled: true,
    });
    expect(input.params).toEqual({ threshold: 4, outputDeviceId: 12, gradeBounds: [5, 4, 3] });
    const form = toAlgorithmForm({ id: 3, projectId: 1, name: '冷站能效', kind: 'efficiency', nodeId: 9, modelLabel: 'meter', nodeName: 'x', params: { threshold: 4, outputDeviceId: 12, gradeBounds: [5, 4, 3] }, level: 2, enabled: true, description: '', updateTime: 0 });
    expect(form.params.gradeBounds).toBe('5, 4, 3');
  });
});

describe("a demand algorithm's contracted demand (issue 11 defect 5: the page says which applies)", () => {
  /** the locale's text with {{name}} filled in, as i18next does */
  const tr = (texts: typeof zh) => (key: string, o: Record<string, unknown> = {}) =>
    String(key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], texts)).replace(/{{(\w+)}}/g, (_, k: string) => String(o[k]));

  const none = { schemeId: null, schemeName: null, effectiveFrom: null, enteredKw: null, minKw: null };
  it("the tariff's, with its scheme and the version's first day; an administrator's; none", () => {
    const tariff = { kw: 2000, source: 'tariff' as const, schemeId: 3, schemeName: '10kV大工业两部制', effectiveFrom: '2024-01-01', enteredKw: 2000, minKw: 1600 };
    expect(describeContract(tariff, tr(zh))).toBe('合同需量 2,000 kW，取自电价方案「10kV大工业两部制」（2024-01-01 起执行）');
    expect(describeContract(tariff, tr(en))).toBe('Contracted demand 2,000 kW, from tariff scheme "10kV大工业两部制" (in force from 2024-01-01)');
    expect(describeContract({ ...none, kw: 2900, source: 'admin' }, tr(zh))).toBe('合同需量 2,900 kW，管理员设定');
    expect(describeContract({ ...none, kw: null, source: 'none' }, tr(zh))).toContain('无合同需量');
  });

  // 发改办价格〔2016〕1583号: a contract below 40 % of the capacity is billed at 40 %; the rule judges what the bill holds
  it("the tariff's contract below 40 % of the capacity: the sentence says the floor raised 2,400 kW to 3,200 kW (8 000 kVA)", () => {
    const raised = { kw: 3200, source: 'tariff' as const, schemeId: 3, schemeName: '10kV大工业两部制', effectiveFrom: '2025-03-13', enteredKw: 2400, minKw: 3200 };
    expect(describeContract(raised, tr(zh))).toBe('合同需量 3,200 kW：电价方案「10kV大工业两部制」（2025-03-13 起执行）的合同需量 2,400 kW 低于容量的40%，按40%计收与判断');
    expect(describeContract(raised, tr(en))).toBe(
      'Contracted demand 3,200 kW: the 2,400 kW of tariff scheme "10kV大工业两部制" (in force from 2025-03-13) is below 40 % of the capacity and is billed, and judged, at 40 %',
    );
  });
});
