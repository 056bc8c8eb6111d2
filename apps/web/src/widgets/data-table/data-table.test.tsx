import { beforeEach, describe, expect, it } from 'vitest';
import { useState, type Key } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { DataTable, type SelectionMode } from './data-table';
import { useEditableRows } from './editable-rows';
import { useTableActions } from './table-actions';
import { recordNotices, renderWidget } from '../test-utils';

interface Row {
  id?: number;
  key: string;
  name: string;
  delete_flag?: boolean;
}
const initial: Row[] = [
  { id: 1, key: 'k1', name: 'Pump A' },
  { id: 2, key: 'k2', name: 'Pump B' },
];
const rowKey = (r: Row) => r.key;

function Editor({ mode = 'multiple' }: { mode?: SelectionMode }) {
  const { rows, rowsToSave, add, remove } = useEditableRows<Row>(initial, rowKey);
  const actions = useTableActions();
  const [selected, setSelected] = useState<Key[]>([]);
  const [current, setCurrent] = useState<Row>();
  return (
    <>
      <Button onClick={() => add({ key: 'new', name: 'New pump' })}>add</Button>
      <Button
        onClick={async () => {
          if (!actions.requireRowsToDelete(selected) || !(await actions.confirmDelete())) return;
          remove(selected);
          setSelected([]);
          actions.deleted();
        }}
      >
        delete
      </Button>
      <Button onClick={() => actions.requireCurrentRow(current)}>edit</Button>
      <Button onClick={() => actions.requireSelection(selected)}>batch</Button>
      <DataTable<Row>
        rowKey="key"
        columns={[{ dataIndex: 'name', title: 'Name' }]}
        dataSource={rows}
        selectionMode={mode}
        selectedRowKeys={selected}
        onSelectionChange={setSelected}
        currentRowKey={current?.key}
        onCurrentRowChange={setCurrent}
      />
      <output>{JSON.stringify(rowsToSave.map((r) => [r.id ?? null, r.delete_flag ?? false]))}</output>
    </>
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');
let notices: ReturnType<typeof recordNotices>;
beforeEach(() => (notices = recordNotices()));

describe('spec 9: table paging', () => {
  it('100 rows a page, total shown, sizes 10/20/50/100, pager and jumper', () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
    renderWidget(<DataTable rowKey="id" dataSource={rows} columns={[{ dataIndex: 'name', title: 'Name' }]} />);
    expect(screen.getByText('row 100')).toBeTruthy();
    expect(screen.queryByText('row 101')).toBeNull();
    expect(screen.getByText('250 items in total')).toBeTruthy();
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')?.textContent).toContain('Go to');
    fireEvent.mouseDown(within(document.querySelector('.ant-pagination-options')!).getByRole('combobox'));
    const sizes = [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent);
    expect(sizes).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
  });
});

describe('spec 4: deleting rows keeps id rows flagged for saving', () => {
  it('confirmed delete hides the rows; the saved list flags the id row and drops the new one', async () => {
    renderWidget(<Editor />);
    click('add');
    fireEvent.click(rowCheckbox('Pump A'));
    fireEvent.click(rowCheckbox('New pump'));
    click('delete');
    expect(await screen.findByText('Are you sure you want to delete the selected items?')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Notice');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Pump A')).toBeNull());
    expect(screen.queryByText('New pump')).toBeNull();
    expect(screen.getByText('Pump B')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('[[1,true],[2,false]]');
    expect(notices).toEqual([{ kind: 'success', text: 'Deleted successfully!' }]);
  });

  it('cancelling the confirmation keeps the rows and says 取消删除！', async () => {
    renderWidget(<Editor />, 'zh-CN');
    fireEvent.click(rowCheckbox('Pump B'));
    click('delete');
    expect(await screen.findByText('确定要删除所选项吗？')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(notices).toEqual([{ kind: 'info', text: '取消删除！' }]));
    expect(screen.getByText('Pump B')).toBeTruthy();
  });
});

describe('spec 5: table warnings', () => {
  it.each([
    ['delete', '请先选择需要删除的行'],
    ['edit', '请先选择需要编辑的行'],
    ['batch', '至少选中一行数据！'],
  ])('%s with nothing chosen warns %s', (action, text) => {
    renderWidget(<Editor />, 'zh-CN');
    click(action);
    expect(notices).toEqual([{ kind: 'warning', text }]);
  });

  it('english: delete with nothing chosen', () => {
    renderWidget(<Editor />);
    click('delete');
    expect(notices[0]?.text).toBe('Please choose the rows to delete first');
  });

  it('edit after clicking a row (current row) passes', () => {
    renderWidget(<Editor />);
    fireEvent.click(screen.getByText('Pump B'));
    click('edit');
    expect(notices).toEqual([]);
    expect(screen.getByText('Pump B').closest('tr')?.getAttribute('aria-current')).toBe('true');
  });

  it('single-select mode refuses select-all with 当前表格选择为单选方式！ and keeps one row checked', () => {
    renderWidget(<Editor mode="single" />, 'zh-CN');
    fireEvent.click(rowCheckbox('Pump A'));
    fireEvent.click(rowCheckbox('Pump B'));
    expect((rowCheckbox('Pump A') as HTMLInputElement).checked).toBe(false);
    expect((rowCheckbox('Pump B') as HTMLInputElement).checked).toBe(true);
    const header = document.querySelector('thead')!;
    fireEvent.click(within(header).getByRole('checkbox'));
    expect(notices).toEqual([{ kind: 'warning', text: '当前表格选择为单选方式！' }]);
    expect((rowCheckbox('Pump A') as HTMLInputElement).checked).toBe(false);
  });
});

describe('headers readable in full (issue 11 defect 8)', () => {
  it('a narrow header that ends in an ellipsis carries its whole text on hover, sorter and nested headers too', () => {
    const columns = [
      { key: 'point', dataIndex: 'name', title: '数据点', width: 40, ellipsis: { showTitle: true } },
      { key: 'id', dataIndex: 'id', title: 'Updated at', width: 50, ellipsis: true, sorter: (a: Row, b: Row) => (a.id ?? 0) - (b.id ?? 0) },
      { key: 'group', title: 'Group', children: [{ key: 'inner', dataIndex: 'key', title: 'Inner key' }] },
    ];
    renderWidget(<DataTable<Row> rowKey="key" columns={columns} dataSource={initial} pagination={false} />);
    const header = document.querySelector('.ant-table-thead')!;
    for (const text of ['数据点', 'Updated at', 'Group', 'Inner key']) expect(within(header as HTMLElement).queryAllByTitle(text).length, text).toBeGreaterThan(0);
  });
});
