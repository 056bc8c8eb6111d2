/** Analysis page texts (namespace 'analysis'). */
const analysis = {
  pages: {
    energyConsumption: '能耗分析',
  },
  tree: '节点',
  energyType: '能源类型',
  grain: { label: '时间粒度', auto: '自动', hour: '时', day: '日', month: '月', tooLong: '时间范围超过{{days}}天，不能按此粒度显示' },
  kpi: {
    total: '总用能',
    tce: '折标煤',
    co2: '碳排放',
    yoy: '同比',
    mom: '环比',
    compared: '同比、环比按可比时段计算，截至 {{until}}',
    purchasedOnly: '仅计外购能源',
    partialReference: '对比期数据不完整：仅有本期 {{pct}}% 的数据区间，变化率偏大',
  },
  chart: {
    bars: '分时段用能',
    total: '用能',
    lastYear: '去年同期',
    other: '其他',
    byNode: '按子节点',
    byTou: '按分时电价时段',
    touBars: '分时段用电（{{scheme}}）',
  },
  tou: { sharp: '尖峰', peak: '峰', flat: '平', valley: '谷', deepValley: '深谷', unclassified: '未分时段' },
  ranking: {
    title: '子节点用能排名',
    empty: '没有子节点用能数据',
    unassigned: '本节点直属计量',
    noMeter: '无计量表',
  },
  table: {
    title: '子节点明细',
    export: '导出',
    total: '合计',
  },
  col: {
    name: '节点',
    value: '用能',
    yoy: '同比',
    mom: '环比',
    share: '占比',
    intensity: '单位面积能耗',
    quality: '数据质量',
    output: '产量',
    outputIntensity: '单位产量能耗',
  },
  intensity: {
    title: '单位面积能耗',
    area: '面积',
    noArea: '该节点未设置面积',
    perOutput: '单位产量能耗（单耗）',
    output: '产量',
  },
  noMeters: '该节点下没有此能源类型的计量表',
  loadFailed: '能耗数据加载失败',
  meters: '计量表数：{{count}}',
};

export default analysis;
