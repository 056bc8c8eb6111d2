import { useMemo, useState } from 'react';
import { Card, Empty, Flex, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventRecord } from '@ems/contract';
import { useModelTreeNodes, type TreeNodeRef } from '../../lib/api/model-tree';
import { DataTable, ModelTree, SidePanel, type ModelTreeNode } from '../../widgets';
import { ConfirmDialog } from './components/confirm-dialog';
import { CLOSE_ORDER_PERMISSION, OrderDialog, type OrderAction } from './components/order-dialog';
import { usePermission } from '../../lib/permission';
import { useProjectZone } from '../../lib/time';
import { eventColumns } from './components/event-columns';
import { EventDetailDrawer } from './components/event-detail-drawer';
import { EventFilterBar } from './components/event-filters';
import { EventToolbar } from './components/event-toolbar';
import type { EventPageDefinition } from './definitions';
import { useEventList } from './use-event-list';

/**
 * The generic event page: node tree, the definition's filters, the event table with paging, batch
 * and single confirm, Excel export and the detail drawer. Never branches on the route.
 */
export function EventPage({ definition: def }: { definition: EventPageDefinition }) {
  const { t } = useTranslation('events');
  const { token } = theme.useToken();
  const c = useEventList(def);
  const [orderAction, setOrderAction] = useState<OrderAction>(null);
  const canClose = usePermission()(CLOSE_ORDER_PERMISSION) && def.orders;
  const tree = useModelTreeNodes(c.projectId);
  const now = c.list.dataUpdatedAt || Date.now();
  const onConfirm = c.canConfirm ? (ids: number[]) => c.setConfirmIds(ids) : undefined;
  const zone = useProjectZone();
  const columns = useMemo(
    () => eventColumns(def.columns, t, { now, timeZone: zone, onDetail: (r) => c.setDetailId(r.id), onConfirm: onConfirm && ((r) => onConfirm([r.id])) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the setters are stable
    [def.columns, t, now, zone, c.canConfirm],
  );
  if (c.projectId === null) return <Empty />;
  const node = c.filters.node;
  return (
    // data-ready: the list of the current filters and page is drawn (not while it is fetched again)
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="event-page" data-route={def.key} data-ready={c.list.data !== undefined && !c.list.isFetching}>
      <SidePanel title={t('tree')} storageKey="events.sidePanel" width={240}>
        {tree.isLoading ? (
          <Skeleton active />
        ) : (
          <div data-testid="event-tree">
            <ModelTree
              treeData={tree.data ?? []}
              defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
              selectedKey={node ? `${node.modelLabel}_${node.id}` : undefined}
              onSelect={(n: ModelTreeNode) => {
                const ref = n.data as TreeNodeRef;
                c.setFilters({ ...c.filters, node: { id: ref.id, modelLabel: ref.modelLabel } });
              }}
            />
          </div>
        )}
      </SidePanel>
      <Flex vertical gap={token.marginSM} style={{ flex: 1, minWidth: 0 }}>
        <Card size="small">
          <EventFilterBar
            offers={def.filters}
            logTypes={def.logTypes}
            value={c.filters}
            onChange={c.setFilters}
            keyword={c.keyword}
            onKeywordChange={c.setKeyword}
            onSearch={c.search}
            onReset={c.reset}
          />
        </Card>
        <Card size="small" title={t(def.titleKey)} extra={<EventToolbar selectedKeys={c.selectedKeys} onBatchConfirm={(keys) => c.setConfirmIds(keys.map(Number))} onBatchClose={def.orders ? (keys) => setOrderAction({ kind: 'close', ids: keys.map(Number) }) : undefined} onExport={() => void c.exportExcel()} exporting={c.exporting} onRefresh={() => void c.list.refetch()} />} style={{ flex: 1, minHeight: 0 }}>
          <DataTable<EventRecord>
            data-testid="event-table"
            rowKey="id"
            selectionMode={c.canConfirm || canClose ? 'multiple' : 'none'}
            selectedRowKeys={c.selectedKeys}
            onSelectionChange={(keys) => c.setSelectedKeys(keys)}
            loading={c.list.isFetching}
            columns={columns}
            dataSource={c.list.data?.rows ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: c.page.current,
              pageSize: c.page.pageSize,
              total: c.list.data?.total ?? 0,
              onChange: (current, pageSize) => c.setPage({ current: pageSize === c.page.pageSize ? current : 1, pageSize }),
            }}
          />
        </Card>
      </Flex>
      <EventDetailDrawer
        eventId={c.detailId}
        logTypes={def.logTypes}
        diagnosis={def.diagnosis}
        now={now}
        onConfirm={onConfirm}
        onRaiseOrder={(eventId) => setOrderAction({ kind: 'raise', eventId })}
        onCloseOrder={(ids) => setOrderAction({ kind: 'close', ids })}
        onClose={() => c.setDetailId(null)}
      />
      <ConfirmDialog ids={c.confirmIds} onClose={() => c.setConfirmIds(null)} onConfirmed={c.afterConfirm} />
      <OrderDialog action={orderAction} onClose={() => setOrderAction(null)} onDone={c.afterConfirm} />
    </Flex>
  );
}
