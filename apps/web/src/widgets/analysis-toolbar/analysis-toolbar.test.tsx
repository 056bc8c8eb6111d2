import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { rangeOf } from '@ems/domain';
import { renderWidget } from '../test-utils';
import { AnalysisToolbar } from './analysis-toolbar';

const RANGE = rangeOf(3, Date.UTC(2026, 10, 15), 'Asia/Shanghai');
const PICKER = { label: 'Boiler', testId: 'unit-picker', value: 7, items: [{ id: 7, name: '1# boiler' }], onChange: () => undefined };

/** The toolbar's parts in document order: the test ids, and 'range' for the selector's type dropdown. */
const order = (root: HTMLElement) => [...root.querySelectorAll('[data-testid], [aria-label="Type"]')].map((e) => e.getAttribute('data-testid') ?? 'range');

describe('analysis toolbar', () => {
  it('shows the labelled picker, the range selector, the export button and the extra content, in that order', () => {
    const onExport = vi.fn();
    const { container } = renderWidget(
      <AnalysisToolbar range={RANGE} onRangeChange={() => undefined} picker={PICKER} exportLabel="Export" onExport={onExport} exportTestId="unit-export">
        <span data-testid="extra">nameplate</span>
      </AnalysisToolbar>,
    );
    expect(screen.getByText('Boiler')).toBeTruthy();
    expect(screen.getByTestId('unit-picker').textContent).toContain('1# boiler');
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('unit-export'));
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(order(container)).toEqual(['unit-picker', 'range', 'unit-export', 'extra']);
  });

  it('can place the picker after the range, and disables the export when told', () => {
    const { container } = renderWidget(
      <AnalysisToolbar range={RANGE} onRangeChange={() => undefined} picker={PICKER} pickerPlacement="afterRange" exportLabel="Export" onExport={() => undefined} exportDisabled exportTestId="unit-export" />,
    );
    expect(order(container)).toEqual(['range', 'unit-picker', 'unit-export']);
    expect(screen.getByTestId('unit-export').hasAttribute('disabled')).toBe(true);
  });
});
