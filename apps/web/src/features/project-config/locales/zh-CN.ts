/** Project configuration texts (namespace 'project-config'). */
const projectConfig = {
  createTitle: '新建项目',
  editTitle: '编辑项目',
  name: '项目名称',
  enName: '英文名称',
  code: '项目编号',
  address: '地址',
  enAddress: '英文地址',
  capacityKva: '装机容量 (kVA)',
  areaM2: '面积 (m²)',
  timezone: '时区',
  latitude: '纬度',
  longitude: '经度',
  industry: '行业',
  codePattern: '只能包含字母、数字、下划线和连字符',
  backgroundFailing: '后台任务对本项目失败：',
  backgroundFailure: '{{pass}}：连续失败 {{count}} 次，最近错误：{{error}}',
  pass: {
    eventChecks: '定时事件检查（离线、平衡、能效、定额）',
    eventReadings: '实时数据事件判断',
    eventHistory: '历史事件评估',
    pqAggregates: '电能质量统计',
    demoSimulator: '演示数据模拟',
  },
};

export default projectConfig;
