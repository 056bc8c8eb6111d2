import { NAV_ROUTES } from './navigation.js';

/**
 * Permission catalogue served by `GET /auth/v1/permissions`. Ids are stable: pages take
 * the explicit id of their NAV_ROUTES entry, operations 100000 + resourceIndex * 100 + operationIndex,
 * custom permissions 200000 + index. Only append to the lists below, never reorder them.
 */
export type PermissionKind = 'page' | 'operation' | 'custom';

export interface PermissionDef {
  id: number;
  name: string;
  kind: PermissionKind;
  zh: string;
  en: string;
}

/** Permission groups (resources), spec section 6. */
export const PERMISSION_RESOURCES = [
  ['user', '用户', 'user'],
  ['usergroup', '用户组', 'user group'],
  ['role', '角色', 'role'],
  ['realtime', '实时监测', 'real-time monitor'],
  ['knowledge', '知识目录与文件', 'knowledge directory and file'],
  ['workorder', '工单', 'work orders'],
  ['signin', '签到点', 'sign-in points'],
  ['sysevent', '系统事件', 'system events'],
  ['energyplan', '能源计划', 'energy plan'],
  ['tenant', '租户', 'tenant'],
  ['serviceprovider', '服务商', 'service provider'],
  ['enterprise', '企业', 'enterprise'],
  ['log', '日志', 'logs'],
  ['area', '区域', 'area'],
  ['project', '项目', 'project'],
  ['room', '房间', 'room'],
  ['device', '设备', 'device'],
  ['trend', '趋势曲线', 'trend curve'],
  ['report', '报表', 'reports'],
  ['event', '事件', 'events'],
  ['diagnosis', '诊断', 'diagnosis'],
  ['department', '部门', 'departments'],
  ['costcheckitem', '成本核算项', 'cost check items'],
  ['feescheme', '费用方案', 'fee schemes'],
  ['compressorai', '空压AI配置', 'compressor AI config'],
  ['coolingconfig', '制冷系统配置', 'cooling-system config'],
  ['emailplatform', '邮件平台', 'email platform'],
  ['mailscheme', '邮件方案库', 'mail scheme library'],
  // issue 5: the hazard-source register of /hazardSourceMonitoring (hazardsource_create / _update / _delete / _export)
  ['hazardsource', '危险源', 'hazard source'],
  // issue 14: the equipment-status programmes of /deviceRunningStateScheme (equipmentstatus_create / _update / _delete)
  ['equipmentstatus', '设备运行状态方案', 'equipment status scheme'],
  // issue 14: the energy-efficiency grade tables (GB 20052/19577/19153/24500) of the platform (efficiencystandard_update)
  ['efficiencystandard', '能效标准', 'efficiency standard'],
] as const;

/** Operations, spec section 6. */
export const PERMISSION_OPERATIONS = [
  ['browse', '浏览', 'browse'],
  ['update', '修改', 'update'],
  ['create', '新建', 'create'],
  ['delete', '删除', 'delete'],
  ['upload', '上传', 'upload'],
  ['download', '下载', 'download'],
  ['mark', '标记', 'mark'],
  ['discard', '废弃', 'discard'],
  ['verify', '审核', 'verify'],
  ['commit', '提交', 'commit'],
  ['assign', '指派', 'assign'],
  ['publish', '发布', 'publish'],
  ['claim', '认领', 'claim'],
  ['remotecontrol', '遥控', 'remote control'],
  ['monitorcheck', '监护人校验', 'monitor check'],
  ['technicancheck', '技术员校验', 'technician check'],
  ['inspect', '巡检', 'inspect'],
  ['export', '导出', 'export'],
  ['import', '导入', 'import'],
  ['params', '参数', 'params'],
  ['relategraph', '关联图形', 'relate graph'],
  ['confirm', '确认', 'confirm'],
  ['sync', '同步', 'sync'],
  ['disable', '禁用', 'disable'],
  ['save', '保存', 'save'],
  ['query', '查询', 'query'],
  ['edit', '编辑', 'edit'],
] as const;

/** Custom permissions, spec section 6. */
export const CUSTOM_PERMISSIONS = [
  ['aiuse_update', 'AI使用修改', 'AI-use update'],
  ['startstop_update', '启停修改', 'start-stop update'],
  ['platetemp_update', '板换温度修改', 'plate heat-exchanger temperature update'],
  ['devicechain_update', '设备链修改', 'device-chain update'],
  ['devicechain_delete', '设备链删除', 'device-chain delete'],
  ['machine_constraint', '机组运行约束', 'machine operation constraints'],
  ['supply_water', '系统供水', 'system supply water'],
  ['machine_condition', '加减机条件', 'add/subtract machine conditions'],
  ['percent_rule_update', '百分比规则修改', 'percent rule update'],
  ['percent_rule_delete', '百分比规则删除', 'percent rule delete'],
  ['period_rule_update', '时段规则修改', 'period rule update'],
  ['period_rule_delete', '时段规则删除', 'period rule delete'],
  ['consumption_rule_update', '用量规则修改', 'consumption rule update'],
  ['consumption_rule_delete', '用量规则删除', 'consumption rule delete'],
  ['overstandard_update', '超标修改', 'over-standard update'],
  ['shift_settings', '班次设置', 'shift settings'],
  ['cooling_mode', '制冷模式', 'cooling mode'],
  ['system_ai_switch', '系统AI开关', 'system AI switch'],
  ['compressor_ai_switch', '空压AI开关', 'compressor AI switch'],
  ['sysconfig_normal', '常规系统配置', 'normal system config'],
  ['sysconfig_advanced', '高级系统配置', 'advanced system config'],
  ['costscheme_relate_node', '成本方案关联节点', 'associate a cost scheme with nodes'],
] as const;

function buildCatalogue(): PermissionDef[] {
  const list: PermissionDef[] = [];
  const seen = new Set<string>();
  NAV_ROUTES.forEach((r) => {
    if (seen.has(r.permission)) return;
    seen.add(r.permission);
    list.push({ id: r.id, name: r.permission, kind: 'page', zh: r.zh, en: r.en });
  });
  PERMISSION_RESOURCES.forEach(([res, resZh, resEn], ri) => {
    PERMISSION_OPERATIONS.forEach(([op, opZh, opEn], oi) => {
      list.push({ id: 100000 + ri * 100 + oi, name: `${res}_${op}`, kind: 'operation', zh: `${resZh}${opZh}`, en: `${resEn} ${opEn}` });
    });
  });
  CUSTOM_PERMISSIONS.forEach(([name, zh, en], i) => {
    list.push({ id: 200000 + i, name, kind: 'custom', zh, en });
  });
  return list;
}

/** Every permission the product knows, with stable ids. */
export const PERMISSIONS: readonly PermissionDef[] = buildCatalogue();

/** Look up a permission id by name; undefined when unknown. */
export function permissionId(name: string): number | undefined {
  return PERMISSIONS.find((p) => p.name === name)?.id;
}
