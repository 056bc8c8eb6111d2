import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EFFICIENCY_STANDARDS_API, type EfficiencyStandard } from '@ems/contract';
import { DEFAULT_STANDARDS, EQUIPMENT_KINDS } from '@ems/domain';
import { fakeApi, json } from '../../lib/http/test-helpers';
import { useSession } from '../../lib/session';
import { renderFeaturePage } from '../../widgets/test-utils';
import type * as PermissionModule from '../../lib/permission';
import en from './locales/en-US';
import { EfficiencyStandardsPanel } from './standards-panel';

const permission = vi.hoisted(() => ({ edit: true }));
vi.mock('../../lib/permission', async (orig) => {
  const real = await orig<typeof PermissionModule>();
  return { ...real, usePermission: () => (code?: string) => code !== 'efficiencystandard_update' || permission.edit };
});

const standard = (kind: (typeof EQUIPMENT_KINDS)[number]): EfficiencyStandard => {
  const d = DEFAULT_STANDARDS[kind];
  return {
    kind,
    code: d.code,
    title: d.title,
    effectiveDate: d.effectiveDate,
    note: d.note,
    edited: false,
    defaultCode: d.code,
    defaultEffectiveDate: d.effectiveDate,
    rowCount: d.rows.length,
    updatedBy: null,
    updateTime: null,
    rows: JSON.parse(JSON.stringify(d.rows)) as EfficiencyStandard['rows'],
  };
};

let puts: { url: string; body: { code: string; rows: { cop?: number[] }[] } }[];
let refuse: string | null;
beforeEach(() => {
  puts = [];
  refuse = null;
  permission.edit = true;
  useSession.setState({ token: 'tok', userId: 1, module: 'pf' });
  fakeApi((url, sent, init) => {
    if (init?.method === 'PUT') {
      const body = sent as (typeof puts)[number]['body'];
      puts.push({ url, body });
      if (refuse) return json({ code: 400, msg: refuse, data: null }, 400);
      return { ...standard('chiller'), ...body, edited: true, updatedBy: 'ROOT', updateTime: 0 };
    }
    if (url.startsWith(`${EFFICIENCY_STANDARDS_API.list}/`)) {
      const kind = url.split('/').pop()?.split('?')[0] as (typeof EQUIPMENT_KINDS)[number];
      return standard(kind);
    }
    if (url.startsWith(EFFICIENCY_STANDARDS_API.list)) return EQUIPMENT_KINDS.map((k) => ({ ...standard(k), rows: undefined }));
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, userId: null });
});

const renderPanel = () => renderFeaturePage(<EfficiencyStandardsPanel initialKind="chiller" />, 'efficiency-standards', en);

const input = (id: string): HTMLInputElement => {
  const el = screen.getByTestId(id);
  return el instanceof HTMLInputElement ? el : (el.querySelector('input') as HTMLInputElement);
};

describe('efficiency standards panel', () => {
  it('shows the edition in force with its rows, read-only without efficiencystandard_update', async () => {
    permission.edit = false;
    renderPanel();
    const table = await screen.findByTestId('standard-chiller');
    expect(table.getAttribute('data-ready')).toBe('true');
    expect(screen.getByTestId('standard-code-text').textContent).toBe('GB 19577-2024');
    expect(screen.getByText('Published edition')).toBeTruthy();
    expect(screen.getByTestId('cell-chiller-3-cop1').textContent).toBe('6.2');
    expect(screen.getByTestId('cell-chiller-4-upToKw').textContent).toBe('none');
    expect(screen.getByTestId('cell-chiller-5-condenser').textContent).toBe('Air-cooled');
    expect(screen.queryByTestId('standard-edit')).toBeNull();
    expect(screen.getByText(/Read only/)).toBeTruthy();
  });

  it('checks before sending: a grade-1 COP below grade 2 is named by row and field, nothing is sent', async () => {
    renderPanel();
    fireEvent.click(await screen.findByTestId('standard-edit'));
    const cop1 = input('cell-chiller-3-cop1');
    fireEvent.change(cop1, { target: { value: '5.9' } });
    fireEvent.blur(cop1);
    fireEvent.click(screen.getByTestId('standard-save'));
    expect((await screen.findByTestId('standard-problem')).textContent).toContain('Fix first: row 3: Min COP: grade 1 must be at least as good as grade 2');
    expect(puts).toEqual([]);
  });

  it('saves the edited table (sorted) with the edition fields; shows the server refusal as sent', async () => {
    renderPanel();
    fireEvent.click(await screen.findByTestId('standard-edit'));
    fireEvent.change(input('standard-code'), { target: { value: 'GB 19577-2024 site' } });
    const cop1 = input('cell-chiller-3-cop1');
    fireEvent.change(cop1, { target: { value: '6.3' } });
    fireEvent.blur(cop1);
    refuse = 'invalid field rows[2].cop: row 3 (water-cooled 528–1163 kW), COP: refused for the test';
    fireEvent.click(screen.getByTestId('standard-save'));
    expect((await screen.findByTestId('standard-problem')).textContent).toContain('refused for the test');
    refuse = null;
    fireEvent.click(screen.getByTestId('standard-save'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.url).toBe(EFFICIENCY_STANDARDS_API.one.replace(':kind', 'chiller'));
    expect(puts[1]?.body.code).toBe('GB 19577-2024 site');
    expect(puts[1]?.body.rows[2]?.cop).toEqual([6.3, 6, 5.4]);
    expect(puts[1]?.body.rows).toHaveLength(5);
    await waitFor(() => expect(screen.queryByTestId('standard-save')).toBeNull());
  });

  it('adds and deletes rows while editing', async () => {
    renderPanel();
    fireEvent.click(await screen.findByTestId('standard-edit'));
    fireEvent.click(screen.getByTestId('standard-add'));
    expect(await screen.findByTestId('cell-chiller-6-cop1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('remove-6'));
    await waitFor(() => expect(screen.queryByTestId('cell-chiller-6-cop1')).toBeNull());
  });
});
