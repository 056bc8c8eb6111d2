import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWidget } from '../test-utils';
import { KpiCard } from './kpi-card';

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
