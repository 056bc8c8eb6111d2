import { EVENT_LEVEL, EVENT_TYPE, LOG_TYPE } from '@ems/contract';
import { findingFen, type AbnormalFinding, type PriceAt } from '@ems/domain';
import type { Ems } from '../../context.js';
import { classOf } from '../event/engine-state.js';
import type { Meter, ProjectCtx } from './evaluate.js';
import type { AbnormalRepository, FindingRow, RuleRow } from './repository.js';

const fmt = (v: number, digits = 2) => String(Math.round(v * 10 ** digits) / 10 ** digits);
const KIND_ZH = { percent: '百分比规则', period: '时段规则', usage: '用量规则' } as const;
const KIND_EN = { percent: 'percent rule', period: 'period rule', usage: 'usage rule' } as const;

function messageOf(rule: RuleRow, meter: Meter, f: AbnormalFinding, fen: number | null) {
  const ratio = rule.kind === 'period' && rule.params.baseLoadRatioPct !== undefined;
  const kindZh = ratio ? `时段规则·基荷率 > ${rule.params.baseLoadRatioPct}%` : KIND_ZH[rule.kind];
  const kindEn = ratio ? `period rule, base-load ratio > ${rule.params.baseLoadRatioPct}%` : KIND_EN[rule.kind];
  const yuanZh = fen === null ? '' : `，约 ¥${(fen / 100).toFixed(2)}`;
  const yuanEn = fen === null ? '' : `, about ¥${(fen / 100).toFixed(2)}`;
  return {
    zh: `${meter.name} 用能异常（${kindZh}「${rule.name}」）：实际 ${fmt(f.actualKwh)} ${meter.unit}，期望 ${fmt(f.expectedKwh)} ${meter.unit}，浪费 ${fmt(f.excessKwh)} ${meter.unit}${yuanZh}`,
    en: `${meter.name} abnormal consumption (${kindEn} "${rule.name}"): actual ${fmt(f.actualKwh)} ${meter.unit}, expected ${fmt(f.expectedKwh)} ${meter.unit}, waste ${fmt(f.excessKwh)} ${meter.unit}${yuanEn}`,
  };
}

export interface EvaluationCount {
  created: number;
  updated: number;
  events: number;
}

/**
 * Stores a rule's findings on a meter: a finding is keyed by (rule, meter, start), so judging a
 * period again updates what it found (a run or window that grew) and raises nothing twice. A new
 * finding joins the night-use algorithm's 703 event on the meter that overlaps it (its waste added
 * to that event), else raises a 703 event of its own, finished at the finding's end, with its waste
 * and cost, and notifies.
 */
export async function storeFindings(ems: Ems, repo: AbnormalRepository, ctx: ProjectCtx, rule: RuleRow, meter: Meter, findings: readonly AbnormalFinding[], stored: readonly FindingRow[], priceAt: PriceAt | null, count: EvaluationCount): Promise<void> {
  const byStart = new Map(stored.map((s) => [s.start, s]));
  const now = ems.config.now();
  for (const f of findings) {
    const fen = priceAt ? findingFen(f, priceAt) : null;
    const values = { end: f.end, level: f.level, actual: f.actualKwh, expected: f.expectedKwh, excess: f.excessKwh, fen };
    // the same start is the same finding; a run that late data moved keeps the key of the stored run it overlaps
    const s = byStart.get(f.start) ?? stored.find((x) => x.start < f.end && f.start < x.end);
    if (s) {
      // a shorter span than stored is the same run cut by the range's end: keep what is stored
      if (f.end < s.end || (f.end === s.end && Math.abs(f.excessKwh - s.excess) < 1e-9 && f.level === s.level && fen === s.fen)) continue;
      await repo.updateFinding(s.id, values);
      if (s.eventId !== null) {
        await repo.setEventSpan(s.eventId, { end: f.end, value: f.excessKwh, level: f.level === 'alarm' ? EVENT_LEVEL.alarm : EVENT_LEVEL.earlyWarning, message: messageOf(rule, meter, f, fen) });
        await repo.refreshEventWaste(s.eventId);
      }
      count.updated++;
      continue;
    }
    const id = await repo.insertFinding({ projectId: ctx.projectId, ruleId: rule.id, meterId: meter.id, start: f.start, ...values }, now);
    if (id === undefined) continue;
    count.created++;
    const night = await repo.nightUseEvent(ctx.projectId, meter.id, f.start, f.end);
    if (night !== undefined) {
      await repo.linkEvent(id, night);
      await repo.refreshEventWaste(night);
      continue;
    }
    const node = ctx.nodes.get(meter.id);
    const level = f.level === 'alarm' ? EVENT_LEVEL.alarm : EVENT_LEVEL.earlyWarning;
    const message = messageOf(rule, meter, f, fen);
    const eventId = await repo.insertEvent({
      project_id: ctx.projectId,
      rule_id: null,
      algorithm_id: null,
      log_type: LOG_TYPE.abnormal,
      event_class: classOf(LOG_TYPE.abnormal),
      event_type: EVENT_TYPE.powerOverLimit,
      level,
      status: 1,
      confirm_state: 1,
      node_id: meter.id,
      model_label: node?.label ?? 'meter',
      device_id: meter.id,
      data_id: meter.dataId,
      quantity: null,
      value: f.excessKwh,
      limit_value: f.expectedKwh,
      start_time: f.start,
      end_time: f.end,
      message_zh: message.zh.slice(0, 1000),
      message_en: message.en.slice(0, 1000),
      active_key: null,
      confirm_user: null,
      confirm_time: null,
      confirm_comment: null,
      source_event_id: null,
      waste_amount: f.excessKwh,
      waste_fen: fen,
    });
    await repo.linkEvent(id, eventId);
    count.events++;
    await ems.notifier.notify({
      projectId: ctx.projectId,
      nodeId: meter.id,
      modelLabel: node?.label ?? 'meter',
      logType: LOG_TYPE.abnormal,
      eventClass: classOf(LOG_TYPE.abnormal),
      eventType: EVENT_TYPE.powerOverLimit,
      level,
      eventId,
      time: f.start,
      message,
      extra: { deviceId: meter.id, dataId: meter.dataId, value: f.excessKwh, limit: f.expectedKwh, wasteAmount: f.excessKwh, wasteFen: fen, abnormalRuleId: rule.id },
    });
  }
}

