import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWidget } from '../test-utils';
import { KpiCard, KpiRow } from './kpi-card';

describe('KPI card', () => {
  it('shows the figure with its prefix, unit and hint', () => {
    renderWidget(<KpiCard title="Cost" value="12.50" prefix="¥" unit="/t" hint="fuel only" testId="kpi-cost" />);
    expect(screen.getByTestId('kpi-cost').textContent).toBe('Cost¥12.50/t');
    expect(screen.getByText('fuel only')).toBeTruthy();
  });

  it('drops the prefix and the unit of a missing figure', () => {
    renderWidget(<KpiCard title="Cost" value="--" prefix="¥" unit="/t" testId="kpi-cost" />);
    expect(screen.getByTestId('kpi-cost').textContent).toBe('Cost--');
  });
});

describe('KPI row', () => {
  it('puts each card in its column, as tall as the row when told, and the page\'s own columns after them', () => {
    const { container } = renderWidget(
      <KpiRow
        col={{ flex: '1 1 200px' }}
        fill
        items={[
          { key: 'a', title: 'A', value: '1.0', unit: '%', testId: 'kpi-a' },
          { key: 'g', title: 'Grade', valueRender: () => <span data-testid="kpi-g">2</span> },
        ]}
      >
        <div data-testid="own" />
      </KpiRow>,
    );
    const cols = container.querySelectorAll('.ant-row > *');
    expect(cols).toHaveLength(3);
    expect(screen.getByTestId('kpi-a').textContent).toBe('A1.0%');
    expect(screen.getByTestId('kpi-g').textContent).toBe('2');
    expect([...container.querySelectorAll<HTMLElement>('.ant-card')].map((c) => c.style.height)).toEqual(['100%', '100%']);
    expect(cols[2]?.getAttribute('data-testid')).toBe('own');
  });
});
