import ExcelJS from 'exceljs';
import { CONFIRM_STATE, EVENT_STATUS, type EnvironmentExportQuery, type SensorLevel } from '@ems/contract';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { listHazards } from './hazards.js';
import { environmentRepository } from './repository.js';
import { sensorAlarms, sensorGrid } from './sensors.js';

const LEVEL: Record<SensorLevel, [string, string]> = { normal: ['正常', 'normal'], preAlarm: ['预警', 'pre-alarm'], alarm: ['报警', 'alarm'], offline: ['离线', 'offline'] };
const GRADE = ['', '一级', '二级', '三级', '四级'];
const GRADE_EN = ['', 'I', 'II', 'III', 'IV'];
const NAMES = { sensors: ['传感器实时数据', 'sensors'], hazards: ['危险源台账', 'hazard-sources'], alarms: ['报警记录', 'sensor-alarms'] } as const;

/** The sensor grid, the hazard-source register or the alarm log of a node as .xlsx; headers in the request's language. */
export async function exportEnvironment(ems: Ems, lang: Lang, scope: readonly number[], q: EnvironmentExportQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const en = lang === 'en';
  const L = (zh: string, e: string) => (en ? e : zh);
  const lv = (l: SensorLevel | null) => (l === null ? '' : LEVEL[l][en ? 1 : 0]);
  const repo = environmentRepository(ems.db);
  const projectId = await repo.nodeProject(q.nodeId, q.modelLabel, scope);
  // a node outside the caller's projects is refused, not exported as an empty register
  if (projectId === undefined) throw noPermission();
  // times and the file's day on the project's clock (an ExcelJS Date cell would read as UTC)
  const timeZone = (await repo.projectTimezone(projectId)) ?? 'Asia/Shanghai';
  const time = (ms: number | null) => (ms === null ? null : zonedDateTime(ms, timeZone));
  const wb = new ExcelJS.Workbook();
  const title = NAMES[q.table][en ? 1 : 0];
  const ws = wb.addWorksheet(title);
  const header = (cols: string[]) => {
    ws.addRow(cols);
    ws.getRow(1).font = { bold: true };
  };
  if (q.table === 'sensors') {
    const grid = await sensorGrid(ems, scope, q);
    header([L('传感器', 'Sensor'), L('位置', 'Place'), L('测量量', 'Quantity'), L('数值', 'Value'), L('单位', 'Unit'), L('状态', 'Level'), L('时间', 'Time')]);
    for (const s of grid.sensors)
      for (const c of s.channels) ws.addRow([s.name, s.room?.name ?? s.building?.name ?? '', c.quantity, c.value, c.unit, lv(c.level), time(c.ts)]);
  } else if (q.table === 'alarms') {
    const rows = await sensorAlarms(ems, lang, scope, q);
    header([L('开始时间', 'Start'), L('结束时间', 'End'), L('传感器', 'Sensor'), L('数值', 'Value'), L('限值', 'Limit'), L('等级', 'Level'), L('状态', 'Status'), L('确认', 'Confirmed'), L('描述', 'Message')]);
    for (const a of rows)
      ws.addRow([
        time(a.startTime),
        time(a.endTime),
        a.sensorName,
        a.value,
        a.limit,
        a.level,
        a.status === EVENT_STATUS.active ? L('进行中', 'active') : L('已结束', 'finished'),
        a.confirmState === CONFIRM_STATE.confirmed ? L('已确认', 'yes') : L('未确认', 'no'),
        a.message,
      ]);
  } else {
    const list = (await listHazards(ems, scope)).filter((h) => h.projectId === projectId);
    header([L('名称', 'Name'), L('等级', 'Grade'), L('所在节点', 'Node'), L('位置', 'Location'), L('责任人', 'Responsible'), L('电话', 'Phone'), L('关联传感器', 'Sensors'), L('当前状态', 'Level'), L('备注', 'Note')]);
    for (const h of list)
      ws.addRow([h.name, (en ? GRADE_EN : GRADE)[h.grade] ?? '', h.nodeName, h.location, h.responsible, h.phone, h.sensors.map((s) => s.name).join(en ? ', ' : '、'), lv(h.level), h.note]);
  }
  ws.columns.forEach((c) => (c.width = 20));
  const d = zonedDayStamp(ems.config.now(), timeZone);
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), fileName: `${title}-${d}.xlsx` };
}
