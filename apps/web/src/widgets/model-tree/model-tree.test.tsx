import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ModelTree } from './model-tree';
import type { ModelTreeNode } from './tree-filter';
import { TREE_FILTER_DEBOUNCE_MS, TREE_SEARCH_DEBOUNCE_MS } from '../constants';
import { renderWidget } from '../test-utils';

const tree: ModelTreeNode[] = [
  {
    key: 'p',
    title: 'Plant',
    children: [
      { key: 'r1', title: 'Pump room', children: [{ key: 'd1', title: 'Pump 1' }] },
      { key: 'r2', title: 'Boiler room', children: [{ key: 'd2', title: 'Boiler 1' }] },
    ],
  },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const type = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });

describe('spec 9: tree filter debounced 400 ms, search 250 ms', () => {
  it('constants', () => {
    expect(TREE_FILTER_DEBOUNCE_MS).toBe(400);
    expect(TREE_SEARCH_DEBOUNCE_MS).toBe(250);
  });

  it('filter applies 400 ms after typing and expands to the match', () => {
    renderWidget(<ModelTree treeData={tree} />);
    expect(screen.getByText('Plant')).toBeTruthy();
    expect(screen.queryByText('Boiler 1')).toBeNull(); // collapsed
    type('boiler 1');
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByText('Boiler 1')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Boiler 1')).toBeTruthy();
    expect(screen.queryByText('Pump room')).toBeNull();
  });

  it('search applies after 250 ms, keeps the whole tree and expands the matches', () => {
    renderWidget(<ModelTree treeData={tree} mode="search" />);
    type('pump 1');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByText('Pump 1')).toBeTruthy();
    expect(screen.getByText('Boiler room')).toBeTruthy();
  });

  it('selecting a node hands it back', () => {
    const onSelect = vi.fn();
    renderWidget(<ModelTree treeData={tree} onSelect={onSelect} />);
    fireEvent.click(screen.getByText('Plant'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: 'p', title: 'Plant' }));
  });
});

describe('the selected node stays visible', () => {
  it('a node chosen from outside (just added or moved) opens its ancestors, also after the tree reloads with it', () => {
    const { rerender } = renderWidget(<ModelTree treeData={tree} />);
    expect(screen.queryByText('Boiler 1')).toBeNull();
    rerender(<ModelTree treeData={tree} selectedKey="d2" />);
    expect(screen.getByText('Boiler 1')).toBeTruthy();
    expect(screen.queryByText('Pump 1')).toBeNull(); // only the path to the selection opens
    const moved: ModelTreeNode[] = [{ ...tree[0]!, children: [{ key: 'r1', title: 'Pump room', children: [{ key: 'd1', title: 'Pump 1' }, { key: 'd2', title: 'Boiler 1' }] }, { key: 'r2', title: 'Boiler room' }] }];
    rerender(<ModelTree treeData={moved} selectedKey="d2" />);
    expect(screen.getByText('Pump 1')).toBeTruthy();
  });
});
