/** Platform and project home texts (namespace 'home'). */
const home = {
  platform: {
    projectCount: '项目数',
    totalCapacity: '总装机容量',
    totalArea: '总面积',
    projects: '我的项目',
    enter: '进入项目',
    empty: '暂无可访问的项目',
  },
  project: {
    info: '项目信息',
    nodes: '节点统计',
    userCount: '可访问用户',
    noProject: '尚未选择项目',
  },
  dashboard: {
    today: '今日用量',
    month: '本月累计',
    yoy: '同比',
    mom: '环比',
    load: '当前总负荷',
    readingTime: '读数时间',
    carbon: '本月折标煤与碳排放',
    tce: '折标煤',
    co2: '二氧化碳',
    completeness: '本月数据完整率',
    completenessDetail: '有效 {{good}} / 应有 {{expected}} 个15分钟区间（{{meters}} 块计量表）',
    topConsumers: '本月用电排名前五（支路）',
    monthKwh: '本月用电',
    noConsumers: '暂无支路用电数据',
    seeding: '历史数据导入中… {{progress}}%，同比、环比在导入完成前可能不完整',
    footnote: '用量为各能源类型总表（无上级计量表）之和；同比、环比按同口径比较至今日 {{until}}；折标煤与碳排放按默认系数计算。每 15 秒刷新。',
    loadFailed: '首页数据加载失败',
  },
  field: {
    name: '项目名称',
    code: '项目编号',
    address: '地址',
    capacityKva: '装机容量 (kVA)',
    areaM2: '面积 (m²)',
    timezone: '时区',
    industry: '行业',
    createTime: '创建时间',
    location: '经纬度',
  },
};

export default home;
