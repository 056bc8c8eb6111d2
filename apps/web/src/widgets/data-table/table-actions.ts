import { useMemo, type Key } from 'react';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';

/**
 * Guards and messages of table and grid actions (spec sections 5 and 8). Each `require*` returns
 * true when the action may go on, otherwise shows the warning and returns false.
 */
export function useTableActions() {
  const { t } = useTranslation('widgets');
  const { modal } = App.useApp();
  return useMemo(() => {
    const confirm = typeof modal.confirm === 'function' ? modal.confirm : Modal.confirm;
    const guard = (ok: boolean, key: string) => {
      if (!ok) notify.warning(t(key));
      return ok;
    };
    return {
      /** Delete with nothing chosen: 请先选择需要删除的行. */
      requireRowsToDelete: (keys: readonly Key[]) => guard(keys.length > 0, 'table.chooseRowsToDelete'),
      /** Edit with no current row: 请先选择需要编辑的行. */
      requireCurrentRow: (row: unknown) => guard(row !== undefined && row !== null, 'table.chooseRowToEdit'),
      /** Batch action with no selection: 至少选中一行数据！. */
      requireSelection: (keys: readonly Key[]) => guard(keys.length > 0, 'table.selectAtLeastOne'),
      /** Asks 确定要删除所选项吗？ titled 提示; resolves true on OK, false (and 取消删除！) on cancel. */
      confirmDelete: () =>
        new Promise<boolean>((resolve) => {
          confirm({
            title: t('table.confirmTitle'),
            content: t('table.confirmDelete'),
            okText: t('dialog.ok'),
            cancelText: t('dialog.cancel'),
            onOk: () => resolve(true),
            onCancel: () => {
              notify.info(t('table.deleteCancelled'));
              resolve(false);
            },
          });
        }),
      saved: () => notify.success(t('table.saveSucceeded')),
      deleted: () => notify.success(t('table.deleteSucceeded')),
    };
  }, [t, modal]);
}
