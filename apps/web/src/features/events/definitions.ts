import { TARGET_LOG_TYPES } from '@ems/contract';

/** The routes that share the generic event page (spec section 2: the six notification targets and /energyLossEvent). */
export type EventRouteKey =
  | 'demandevent'
  | 'energyEfficiencyEvent'
  | 'energyConsumptionEvent'
  | 'inspectorder'
  | 'energyLossWarning'
  | 'eventDiagnosis'
  | 'energyLossEvent';

/** Filters the page may offer besides the date range and the node tree, which every page has. */
export type EventFilterName = 'eventType' | 'level' | 'status' | 'confirmState' | 'keyword';

/** Table columns in the order they show. */
export type EventColumnName =
  | 'eventClass'
  | 'level'
  | 'eventType'
  | 'status'
  | 'confirmState'
  | 'node'
  | 'dataPoint'
  | 'value'
  | 'limit'
  | 'waste'
  | 'wasteCost'
  | 'startTime'
  | 'endTime'
  | 'duration'
  | 'message'
  | 'confirmer';

/** What a route's event page shows: data only; the generic page never branches on the key. */
export interface EventPageDefinition {
  key: EventRouteKey;
  /** i18n key in the 'events' namespace */
  titleKey: string;
  logTypes: readonly number[];
  filters: readonly EventFilterName[];
  columns: readonly EventColumnName[];
  /** the detail adds related measurements and earlier similar events of the same device */
  diagnosis: boolean;
  /** the rows are inspection orders (711): closed with what was found instead of confirmed */
  orders: boolean;
}

const ALL_FILTERS: readonly EventFilterName[] = ['eventType', 'level', 'status', 'confirmState', 'keyword'];
// when and what first: at 1440 px the columns after the message scroll sideways. One severity: the level (the
// class, the header's list, stands in only without a level); beside the level it read 告警 next to 预警 (issue 11).
const ALL_COLUMNS: readonly EventColumnName[] = [
  'startTime',
  'level',
  'eventType',
  'node',
  'message',
  'dataPoint',
  'value',
  'limit',
  'status',
  'confirmState',
  'endTime',
  'duration',
  'confirmer',
];

const limitEvents = (key: EventRouteKey, logTypes: readonly number[], diagnosis = false): EventPageDefinition => ({
  key,
  titleKey: `title.${key}`,
  logTypes,
  filters: ALL_FILTERS,
  columns: ALL_COLUMNS,
  diagnosis,
  orders: false,
});

/** The registry: route key → definition. */
export const EVENT_PAGES: Record<EventRouteKey, EventPageDefinition> = {
  demandevent: limitEvents('demandevent', TARGET_LOG_TYPES.demandevent),
  energyEfficiencyEvent: limitEvents('energyEfficiencyEvent', TARGET_LOG_TYPES.energyEfficiencyEvent),
  energyConsumptionEvent: limitEvents('energyConsumptionEvent', TARGET_LOG_TYPES.energyConsumptionEvent),
  energyLossWarning: limitEvents('energyLossWarning', TARGET_LOG_TYPES.energyLossWarning),
  eventDiagnosis: limitEvents('eventDiagnosis', TARGET_LOG_TYPES.eventDiagnosis, true),
  // Inspection orders (711) carry no event type, level, data point or limit: a plain list of what exists.
  inspectorder: {
    key: 'inspectorder',
    titleKey: 'title.inspectorder',
    logTypes: TARGET_LOG_TYPES.inspectorder,
    filters: ['status', 'confirmState', 'keyword'],
    columns: ['startTime', 'eventClass', 'node', 'message', 'status', 'confirmState', 'endTime', 'duration', 'confirmer'],
    diagnosis: false,
    orders: true,
  },
  // Energy waste events (PAGES.md "waste events with kWh and ¥ lost"): abnormal consumption (703),
  // balance loss over tolerance (706) and negative loss, a metering fault (707); not a notification target.
  // the waste of an abnormal-consumption event (703, modules/abnormal) in its unit and ¥ right after the node, in view without scrolling
  energyLossEvent: { ...limitEvents('energyLossEvent', [703, 706, 707]), columns: ALL_COLUMNS.flatMap((c) => (c === 'node' ? [c, 'waste', 'wasteCost'] : [c])) },
};

export const EVENT_ROUTE_KEYS = Object.keys(EVENT_PAGES) as EventRouteKey[];
