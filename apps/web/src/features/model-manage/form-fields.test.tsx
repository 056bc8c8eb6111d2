import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import userEvent from '@testing-library/user-event';
import { VALIDATE_ON_BLUR, useFormRules } from '../../widgets/form-rules';
import { AttrFormItems } from './components/attr-form-items';
import { buildField, buildFields, codeRules, formToFields, initialValues, nameRules, unitText, type FormRules, type Msg } from './form-fields';
import { createTestI18n, modelInfo, renderWithI18n, type Lang } from './test-utils';

function useRulesAndMsg(): { rules: FormRules; msg: Msg } {
  const { t } = useTranslation('model-manage');
  return { rules: useFormRules(), msg: (k, p) => t(k, p ?? {}) };
}

/** The shared rules and this feature's messages in `lng`, outside a component. */
function rulesIn(lng: Lang = 'en-US'): { rules: FormRules; msg: Msg } {
  const i18n = createTestI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(useRulesAndMsg, { wrapper }).result.current;
}

const attr = (label: Parameters<typeof modelInfo>[0], name: string, lng: Lang = 'en-US') => {
  const a = modelInfo(label, lng).attrs.find((x) => x.name === name);
  if (!a) throw new Error(name);
  return a;
};

describe('form fields from model-meta attributes: type → input', () => {
  const { rules, msg } = rulesIn();
  it.each([
    ['transformer', 'ratedKva', 'number', 'Rated capacity (kVA)', true],
    ['floor', 'floorNo', 'integer', 'Floor number', false],
    ['room', 'roomType', 'enum', 'Room type', false],
    ['meter', 'energyType', 'enum', 'Energy type', true],
    ['meter', 'parentMeterId', 'ref', 'Parent meter', false],
    ['building', 'address', 'text', 'Address', false],
    ['chilledpump', 'ratedFlowM3h', 'number', 'Rated flow (m³/h)', false],
    ['floor', 'areaM2', 'number', 'Area (m²)', false],
  ] as const)('%s.%s → %s input labelled %s, required %s', (label, name, kind, text, required) => {
    const f = buildField(attr(label, name), rules, msg);
    expect(f).toMatchObject({ name, kind, label: text, required });
  });

  it('numbers carry their bounds and unit', () => {
    expect(buildField(attr('transformer', 'ratedKva'), rules, msg)).toMatchObject({ min: 0, max: 1e7, unit: 'kVA' });
    expect(buildField(attr('floor', 'floorNo'), rules, msg)).toMatchObject({ min: -20, max: 300, unit: '' });
  });

  it('enum options are the values with their texts in the request language', () => {
    const zh = rulesIn('zh-CN');
    expect(buildField(attr('transformer', 'insulation', 'zh-CN'), zh.rules, zh.msg).options).toEqual([
      { value: 'oil', label: '油浸式' },
      { value: 'dry', label: '干式' },
    ]);
    expect(buildField(attr('meter', 'energyType'), rules, msg).options?.map((o) => o.value)).toEqual([2, 3, 15, 16, 17, 18, 19, 45]);
  });

  it('a ref names the referenced label; defaults become the create values', () => {
    const fields = buildFields(modelInfo('meter').attrs, rules, msg);
    expect(fields.find((f) => f.name === 'parentMeterId')?.refLabel).toBe('meter');
    expect(initialValues(fields)).toEqual({ ctPt: 1, supply: 'purchased', purpose: 'consumption' });
    expect(initialValues(buildFields(modelInfo('coolingtower').attrs, rules, msg))).toEqual({ speedControl: 'fixed' });
  });

  it('strings: max length (255 unless declared) and the declared pattern', () => {
    expect(buildField(attr('building', 'address'), rules, msg).maxLength).toBe(255);
    expect(buildField(attr('camera', 'streamUrl'), rules, msg)).toMatchObject({ maxLength: 500 });
  });

  it('unit texts: m2 and m3 as superscripts', () => {
    expect([unitText('m2'), unitText('m3/min'), unitText('Nm3'), unitText('kW'), unitText(undefined)]).toEqual(['m²', 'm³/min', 'Nm³', 'kW', '']);
  });
});

describe('form values → written fields', () => {
  const { rules, msg } = rulesIn();
  const fields = buildFields(modelInfo('transformer').attrs, rules, msg);

  it('create: trimmed strings, numbers as numbers, empties left out', () => {
    expect(formToFields({ name: ' 1#变压器 ', code: '', ratedKva: 1000, p0Kw: null, insulation: 'dry', ukPct: undefined }, fields, 'create')).toEqual({
      name: '1#变压器',
      ratedKva: 1000,
      insulation: 'dry',
    });
  });

  it('edit: every attribute sent, an emptied one as null (cleared), code as empty text', () => {
    const out = formToFields({ name: 'T1', code: '', ratedKva: 800, p0Kw: null }, fields, 'edit');
    expect(out).toMatchObject({ name: 'T1', code: '', ratedKva: 800, p0Kw: null, insulation: null });
    expect(Object.keys(out)).toHaveLength(2 + fields.length);
  });

  it('edit form starts from the node’s values', () => {
    const node = { id: 3, modelLabel: 'transformer', name: 'T1', code: 'T-1', ratedKva: 800, insulation: null };
    expect(initialValues(fields, node)).toMatchObject({ name: 'T1', code: 'T-1', ratedKva: 800, insulation: undefined });
  });
});

function NodeForm({ label, lng, onFinish, stored }: { label: Parameters<typeof modelInfo>[0]; lng: Lang; onFinish: (v: unknown) => void; stored?: string }) {
  const { t } = useTranslation('model-manage');
  const rules = useFormRules();
  const msg: Msg = (k, p) => t(k, p ?? {});
  const fields = buildFields(modelInfo(label, lng).attrs, rules, msg);
  return (
    <Form {...VALIDATE_ON_BLUR} onFinish={onFinish} initialValues={{ ...initialValues(fields), ...(stored ? { name: stored } : {}) }}>
      <AttrFormItems
        fields={fields}
        nameLabel={t('name')}
        codeLabel={t('code')}
        nameRules={nameRules(t('name'), rules, msg, stored)}
        codeRules={codeRules(msg)}
        refOptions={{ meter: [{ value: 13, label: '1#进线总表' }] }}
      />
      <Button htmlType="submit">go</Button>
    </Form>
  );
}

// a generated form validates many fields: jsdom needs more than the default second
const SLOW = { timeout: 4000 };

describe('generated form: inputs and spec-5 validation with translated messages', () => {
  it('renders number inputs, selects and the required marks of a meter', () => {
    const { container } = renderWithI18n(<NodeForm label="meter" lng="en-US" onFinish={vi.fn()} />);
    expect(screen.getAllByRole('spinbutton')).toHaveLength(5); // ctPt, registerMax, ratedKw, lossTolerancePct, accuracyClass
    expect(screen.getAllByRole('combobox')).toHaveLength(4); // energyType, parentMeterId, supply, purpose
    const required = [...container.querySelectorAll('.ant-form-item-required')].map((e) => e.textContent);
    expect(required).toEqual(['Name', 'Energy type']);
    expect(screen.getByText('kW')).toBeTruthy(); // unit suffix
  });

  it('submit shows the name, required, select and range messages (zh-CN)', async () => {
    const onFinish = vi.fn();
    renderWithI18n(<NodeForm label="transformer" lng="zh-CN" onFinish={onFinish} />, 'zh-CN');
    fireEvent.change(screen.getByTestId('node-name'), { target: { value: '变压器@1' } });
    fireEvent.change(screen.getByTestId('node-code'), { target: { value: 'T 1' } });
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText('请不要输入特殊字符', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('额定容量不能为空', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('只能包含字母、数字和 _ - . #', {}, SLOW)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('numbers: exclusive minimum, integer and range messages on blur (en-US)', async () => {
    renderWithI18n(<NodeForm label="floor" lng="en-US" onFinish={vi.fn()} />);
    const floorNo = screen.getByTestId('attr-floorNo');
    await userEvent.setup().type(floorNo, '1.5');
    fireEvent.blur(floorNo);
    expect(await screen.findByText('Please enter a whole number', {}, SLOW)).toBeTruthy();
  });

  it('numbers: an exclusive minimum is refused with its message; the input keeps typed values within its bounds', async () => {
    renderWithI18n(<NodeForm label="transformer" lng="en-US" onFinish={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('attr-ratedKva'), '0');
    fireEvent.blur(screen.getByTestId('attr-ratedKva'));
    expect(await screen.findByText('Please enter a value greater than 0 and at most 10000000', {}, SLOW)).toBeTruthy();
    const i0 = screen.getByTestId('attr-i0Pct') as HTMLInputElement;
    await user.type(i0, '120');
    fireEvent.blur(i0);
    await waitFor(() => expect(i0.value).toBe('100'), SLOW);
  });

  it('an empty name says it cannot be empty; a leading hyphen is refused', async () => {
    renderWithI18n(<NodeForm label="building" lng="en-US" onFinish={vi.fn()} />);
    const name = screen.getByTestId('node-name');
    fireEvent.change(name, { target: { value: '-B1' } });
    fireEvent.blur(name);
    expect(await screen.findByText('The name must start with a letter or digit', {}, SLOW)).toBeTruthy();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Name cannot be empty', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Length is 1 to 50 characters')).toBeNull(); // the first failing rule only
  });

  it('editing keeps a stored name the shared rule would refuse (进线总表@A); a changed one is checked', async () => {
    const onFinish = vi.fn();
    renderWithI18n(<NodeForm label="meter" lng="zh-CN" stored="进线总表@A" onFinish={onFinish} />, 'zh-CN');
    fireEvent.mouseDown(screen.getByTestId('attr-energyType'));
    fireEvent.click(await screen.findByText('电'));
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalled(), SLOW);
    fireEvent.change(screen.getByTestId('node-name'), { target: { value: '进线总表@B' } });
    fireEvent.blur(screen.getByTestId('node-name'));
    expect(await screen.findByText('请不要输入特殊字符', {}, SLOW)).toBeTruthy();
  });

  it('a valid transformer is submitted with numbers', async () => {
    const onFinish = vi.fn();
    renderWithI18n(<NodeForm label="transformer" lng="en-US" onFinish={onFinish} />);
    fireEvent.change(screen.getByTestId('node-name'), { target: { value: '1号主变' } });
    await userEvent.setup().type(screen.getByTestId('attr-ratedKva'), '1250');
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalled(), SLOW);
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ name: '1号主变', ratedKva: 1250 });
  });
});

describe('range rules of a number attribute', () => {
  const { rules, msg } = rulesIn();
  const run = async (label: Parameters<typeof modelInfo>[0], name: string, value: unknown) => {
    const rule = buildField(attr(label, name), rules, msg).rules.at(-1);
    const validator = typeof rule === 'object' && rule && 'validator' in rule ? rule.validator : undefined;
    try {
      await validator?.({} as never, value, () => {});
      return 'ok';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it.each([
    ['transformer', 'ratedKva', 0, 'Please enter a value greater than 0 and at most 10000000'],
    ['transformer', 'ratedKva', 0.5, 'ok'],
    ['transformer', 'ukPct', 101, 'Please enter a value from 0 to 100'],
    ['transformer', 'ukPct', 100, 'ok'],
    ['floor', 'floorNo', -21, 'Please enter a value from -20 to 300'],
    ['floor', 'floorNo', 2.5, 'Please enter a whole number'],
    ['floor', 'floorNo', null, 'ok'],
    ['building', 'buildYear', 1799, 'Please enter a value from 1800 to 2200'],
  ] as const)('%s.%s = %s → %s', async (label, name, value, expected) => {
    expect(await run(label, name, value)).toBe(expected);
  });
});
