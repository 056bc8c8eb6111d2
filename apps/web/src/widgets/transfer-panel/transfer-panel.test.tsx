import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState, type Key } from 'react';
import { TransferPanel, type TransferItem } from './transfer-panel';
import { renderWidget } from '../test-utils';

const items: TransferItem[] = ['Meter A', 'Meter B', 'Pump C'].map((title, i) => ({ key: String(i), title }));

function Harness({ onChange }: { onChange?: (k: Key[]) => void }) {
  const [keys, setKeys] = useState<Key[]>([]);
  return (
    <TransferPanel
      dataSource={items}
      targetKeys={keys}
      onChange={(k) => {
        setKeys(k);
        onChange?.(k);
      }}
    />
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec 9: transfer filter debounced 200 ms', () => {
  it('filters the list 200 ms after typing', () => {
    renderWidget(<Harness />);
    const [leftSearch] = screen.getAllByPlaceholderText('Type to filter');
    fireEvent.change(leftSearch!, { target: { value: 'meter' } });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByText('Pump C')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Pump C')).toBeNull();
    expect(screen.getByText('Meter A')).toBeTruthy();
  });

  it('moves a checked item to the chosen list', () => {
    const onChange = vi.fn();
    renderWidget(<Harness onChange={onChange} />);
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByText('Chosen')).toBeTruthy();
    fireEvent.click(screen.getByText('Meter B'));
    const toRight = document.querySelectorAll<HTMLButtonElement>('.ant-transfer-actions button')[0]!;
    fireEvent.click(toRight);
    expect(onChange).toHaveBeenCalledWith(['1']);
  });
});
