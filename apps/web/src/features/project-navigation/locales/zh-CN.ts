/** Project navigation texts (namespace 'project-navigation'). */
const projectNavigation = {
  title: '项目导航',
  count: '共 $0 个项目',
  search: '搜索项目名称',
  enter: '进入',
  empty: '暂无可访问的项目',
  capacity: '装机容量',
  area: '面积',
  timezone: '时区',
  industry: '行业',
  industries: {
    industrial: '工业',
    commercial: '商业',
    public: '公共建筑',
    residential: '居住',
    other: '其他',
  },
};

export default projectNavigation;
