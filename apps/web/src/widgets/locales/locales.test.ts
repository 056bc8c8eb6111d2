import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN';
import enUS from './en-US';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('house style 7: zh-CN and en-US hold the same keys', () => {
  it('identical key sets, no empty texts', () => {
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
    for (const locale of [zhCN, enUS]) {
      for (const key of keys(locale)) expect(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale)).not.toBe('');
    }
  });
  it('spec texts: operation succeeded, table warnings, passwords differ', () => {
    expect(zhCN.dialog.operationSucceeded).toBe('操作成功！');
    expect(enUS.dialog.operationSucceeded).toBe('operation succeeded!');
    expect([zhCN.table.chooseRowsToDelete, zhCN.table.chooseRowToEdit, zhCN.table.singleSelectOnly, zhCN.table.selectAtLeastOne]).toEqual([
      '请先选择需要删除的行',
      '请先选择需要编辑的行',
      '当前表格选择为单选方式！',
      '至少选中一行数据！',
    ]);
    expect([zhCN.table.saveSucceeded, zhCN.table.deleteSucceeded, zhCN.table.deleteCancelled, zhCN.table.confirmDelete, zhCN.table.confirmTitle]).toEqual([
      '保存成功!',
      '删除成功!',
      '取消删除！',
      '确定要删除所选项吗？',
      '提示',
    ]);
    expect(zhCN.validation.passwordsDiffer).toBe('两次输入密码不一致');
    expect(enUS.validation.passwordsDiffer).toBe('passwords do not match');
  });
});
