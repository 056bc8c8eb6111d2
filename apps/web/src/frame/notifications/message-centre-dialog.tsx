import { Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageCentreRecord } from '@ems/contract';
import { rangeOf, type DateRange, type DateRangeType } from '@ems/domain';
import { DEFAULT_DATE_FORMAT, EDIT_DIALOG_WIDTH, TABLE_PAGE_SIZE } from '../../widgets/constants';
// direct module paths, not the widgets index (which also registers the ECharts charts)
import { DataTable } from '../../widgets/data-table/data-table';
import { DateRangeSelector } from '../../widgets/date-range-selector/date-range-selector';
import { NS } from './locales';
import { messageCentreQuery } from './notification-api';
import { formatTime, useProjectZone, useZoneOfProject } from '../../lib/time';

/** Message-centre table height (spec section 9). */
export const MESSAGE_CENTRE_TABLE_HEIGHT_PX = 500;
/** The table's header row inside that height. */
const HEADER_ROW_PX = 40;
/** Day, week or month (spec section 2); the default is the current day (spec section 7). */
const CENTRE_TYPES: readonly DateRangeType[] = [1, 2, 3];

/** The message centre: records of a day, week or month, newest first, with paging. */
export function MessageCentreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const zone = useProjectZone();
  const zoneOf = useZoneOfProject();
  const [range, setRange] = useState<DateRange>(() => rangeOf(1, Date.now(), zone));
  const [page, setPage] = useState({ current: 1, pageSize: TABLE_PAGE_SIZE });
  const query = useQuery({
    ...messageCentreQuery({
      startTime: range.startTime,
      endTime: range.endTime,
      // index is the row offset, as in the generic model query
      page: { index: (page.current - 1) * page.pageSize, limit: page.pageSize },
    }),
    enabled: open,
  });
  const columns = [
    { key: 'recordTime', dataIndex: 'recordTime', title: t('recordTime'), width: 180, render: (ms: number, r: MessageCentreRecord) => formatTime(ms, zoneOf(r.projectId), DEFAULT_DATE_FORMAT) },
    { key: 'logTypeName', dataIndex: 'logTypeName', title: t('logTypeName'), width: 160 },
    { key: 'content', dataIndex: 'content', title: t('content') },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('messageCentre')} width={EDIT_DIALOG_WIDTH} destroyOnHidden>
      <div data-testid="message-centre-dialog">
        <DateRangeSelector
          types={CENTRE_TYPES}
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ marginBottom: 12 }}
        />
        <div data-testid="message-centre-table">
          <DataTable<MessageCentreRecord>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.records ?? []}
            loading={query.isFetching}
            scroll={{ y: MESSAGE_CENTRE_TABLE_HEIGHT_PX - HEADER_ROW_PX }}
            styles={{ section: { height: MESSAGE_CENTRE_TABLE_HEIGHT_PX } }}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: query.data?.total ?? 0,
              onChange: (current, pageSize) => setPage({ current, pageSize }),
            }}
          />
        </div>
      </div>
    </Modal>
  );
}
