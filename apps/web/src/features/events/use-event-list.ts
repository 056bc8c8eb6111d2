import { useEffect, useRef, useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useProjectZone } from '../../lib/time';
import { usePermission } from '../../lib/permission';
import { TABLE_PAGE_SIZE } from '../../widgets';
import { eventsQuery } from './api/query-events';
import { exportEvents } from './api/export-events';
import type { EventPageDefinition } from './definitions';
import { CONFIRM_PERMISSION } from './components/event-toolbar';
import { defaultFilters, toQueryBody, type EventFilters, type TablePage } from './query-body';

/** The event a location asks to open: `?eventId=` in the hash path's query, or `state.eventId`. */
export function eventIdOf(search: string, state: unknown): number | null {
  const fromState = (state as { eventId?: unknown } | null)?.eventId;
  const raw = fromState ?? new URLSearchParams(search).get('eventId');
  const id = Number(raw);
  return raw !== null && raw !== undefined && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Headless controller of the generic event page: filters, paging, selection, the list query, the
 * detail and confirm targets, export. The list is fetched whenever the page is shown (staleTime 0:
 * on mount and when its kept-alive tab is activated again).
 */
export function useEventList(def: EventPageDefinition) {
  const projectId = useSession((s) => s.projectId);
  const canConfirm = usePermission()(CONFIRM_PERMISSION);
  const zone = useProjectZone();
  const [filters, setFiltersState] = useState<EventFilters>(() => defaultFilters(zone));
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<TablePage>({ current: 1, pageSize: TABLE_PAGE_SIZE });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [confirmIds, setConfirmIds] = useState<number[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const body = toQueryBody(def, filters, page);
  const list = useQuery({ ...eventsQuery(projectId, body), staleTime: 0 });

  // a notification opens its event: `#/<route>?eventId=` (or state), once per navigation
  const location = useLocation();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (location.pathname !== `/${def.key}` || handled.current === location.key) return;
    handled.current = location.key;
    const id = eventIdOf(location.search, location.state);
    if (id !== null) setDetailId(id);
  }, [location, def.key]);

  const setFilters = (next: EventFilters) => {
    setFiltersState(next);
    setPage((p) => ({ ...p, current: 1 }));
    setSelectedKeys([]);
  };

  return {
    projectId,
    canConfirm,
    filters,
    setFilters,
    keyword,
    setKeyword,
    search: () => {
      if (keyword !== filters.keyword) setFilters({ ...filters, keyword });
      else void list.refetch();
    },
    reset: () => {
      setKeyword('');
      setFilters(defaultFilters(zone));
    },
    page,
    setPage,
    list,
    selectedKeys,
    setSelectedKeys,
    detailId,
    setDetailId,
    confirmIds,
    setConfirmIds,
    afterConfirm: () => setSelectedKeys([]),
    exporting,
    exportExcel: async () => {
      setExporting(true);
      try {
        await exportEvents(toQueryBody(def, filters));
      } finally {
        setExporting(false);
      }
    },
  };
}
