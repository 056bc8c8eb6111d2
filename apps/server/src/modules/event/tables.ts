import type { ColumnType, Generated } from 'kysely';

/** Table `event_rule` (migration 0006-events): a limit rule; conditions as JSON text. */
export interface EventRuleTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  node_id: number;
  model_label: string;
  /** JSON text: RuleCondition[] */
  conditions: string;
  combinator: number;
  min_duration_sec: number;
  hysteresis: number;
  level: number;
  event_type: number;
  enabled: number;
  description: string;
  update_time: number;
}

/** Table `event_algorithm` (migration 0006-events): a computed indicator; params as JSON text. */
export interface EventAlgorithmTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  kind: string;
  node_id: number;
  model_label: string;
  /** JSON text: AlgorithmParams */
  params: string;
  level: number;
  enabled: number;
  description: string;
  update_time: number;
}

/** Table `event` (migration 0006-events). `active_key` is set while active (unique), null once finished. */
export interface EventTable {
  id: Generated<number>;
  project_id: number;
  rule_id: number | null;
  algorithm_id: number | null;
  log_type: number;
  event_class: number;
  event_type: number | null;
  level: number | null;
  status: number;
  confirm_state: number;
  node_id: number;
  model_label: string;
  device_id: number | null;
  data_id: number | null;
  /** what value and limit measure when not the data point (EVENT_QUANTITY; migration 0014) */
  quantity: ColumnType<string | null, string | null | undefined, string | null>;
  value: number | null;
  limit_value: number | null;
  start_time: number;
  end_time: number | null;
  message_zh: string;
  message_en: string;
  active_key: string | null;
  confirm_user: string | null;
  confirm_time: number | null;
  confirm_comment: string | null;
  /** an inspection order (711): the event it was raised from (migration 0011) */
  source_event_id: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** abnormal consumption (703): waste in the data point's unit and its cost in fen (migration 0027) */
  waste_amount: ColumnType<number | null, number | null | undefined, number | null>;
  waste_fen: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** Table `event_history` (migration 0014): per project, the seeded history the engine evaluates after the seed. */
export interface EventHistoryTable {
  project_id: number;
  from_ts: number;
  to_ts: number;
  /** evaluated up to here (exclusive) */
  done_to: number;
  /** the engine's memory at done_to (JSON; memoryOf) */
  state: string | null;
  /** set once the history is handed over to the live engine */
  finished_at: number | null;
  error: string | null;
  updated_at: number;
}

export type EventTables = { event_rule: EventRuleTable; event_algorithm: EventAlgorithmTable; event: EventTable; event_history: EventHistoryTable };
