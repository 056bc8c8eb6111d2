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
};

export default projectNavigation;
