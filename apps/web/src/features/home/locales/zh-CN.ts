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
    energyLater: '能耗、负荷与费用数据将在接入计量数据后显示。',
    noProject: '尚未选择项目',
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
  modelLabel: {
    building: '建筑',
    floor: '楼层',
    room: '房间',
    distributionroom: '配电室',
    transformer: '变压器',
    meter: '计量表',
  },
};

export default home;
