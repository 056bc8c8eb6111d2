import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SidePanel } from './side-panel';
import { renderWidget } from '../test-utils';

beforeEach(() => localStorage.clear());

describe('spec 4: side panel collapses or expands on click', () => {
  it('click collapses (content hidden), click again expands', () => {
    const onCollapsedChange = vi.fn();
    renderWidget(
      <SidePanel title="Nodes" onCollapsedChange={onCollapsedChange}>
        <p>tree here</p>
      </SidePanel>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.queryByText('tree here')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getByText('tree here')).toBeTruthy();
    expect(onCollapsedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('the state is kept: a remounted panel with the same key stays collapsed', () => {
    const { unmount } = renderWidget(<SidePanel storageKey="energy.side">content</SidePanel>);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    unmount();
    renderWidget(<SidePanel storageKey="energy.side">content</SidePanel>);
    expect(screen.queryByText('content')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand' })).toBeTruthy();
  });

  it('zh-CN labels', () => {
    renderWidget(<SidePanel defaultCollapsed>content</SidePanel>, 'zh-CN');
    expect(screen.getByRole('button', { name: '展开' })).toBeTruthy();
  });
});
