/**
 * The static navigation catalogue: every route of the product with its menu group, labels,
 * module (pf platform, fw project) and the page permission that guards it. The server seeds
 * permissions and roles from it; the web app builds its menu, router, tabs and breadcrumb from it
 * (adding icons and page components). Generated from shared/design/PAGES.md; edit by hand since.
 */
export type Module = 'pf' | 'fw';

export interface NavGroup {
  key: string;
  zh: string;
  en: string;
  /** antd icon component name */
  icon: string;
}

export interface NavRoute {
  /** stable permission id of the page (never reuse or renumber; menu order is free) */
  id: number;
  /** stable identifier, also the i18n key suffix */
  key: string;
  /** hash path */
  path: string;
  module: Module;
  group: string;
  zh: string;
  en: string;
  /** permission name guarding the route (space-separated codes pass if any is held) */
  permission: string;
}

export const NAV_GROUPS: readonly NavGroup[] = [
  { key: 'platform', zh: '平台', en: 'Platform', icon: 'GlobalOutlined' },
  { key: 'monitoring', zh: '能源监测', en: 'Monitoring', icon: 'DashboardOutlined' },
  { key: 'energyAnalysis', zh: '能耗分析', en: 'Energy analysis', icon: 'BarChartOutlined' },
  { key: 'cost', zh: '成本分析', en: 'Cost', icon: 'MoneyCollectOutlined' },
  { key: 'efficiency', zh: '能效分析', en: 'Efficiency', icon: 'ThunderboltOutlined' },
  { key: 'saving', zh: '节能管理', en: 'Saving and diagnosis', icon: 'BulbOutlined' },
  { key: 'ai', zh: 'AI 优化', en: 'AI optimisation', icon: 'RobotOutlined' },
  { key: 'operations', zh: '事件与运维', en: 'Events and operations', icon: 'AlertOutlined' },
  { key: 'admin', zh: '系统管理', en: 'Administration', icon: 'SettingOutlined' },
];

export const NAV_ROUTES: readonly NavRoute[] = [
  { id: 1002, key: 'pfHome', path: '/home', module: 'pf', group: 'platform', zh: '平台首页', en: 'Platform home', permission: 'page_pfHome' },
  { id: 1000, key: 'projectnavigation', path: '/projectnavigation', module: 'pf', group: 'platform', zh: '项目导航', en: 'Project navigation', permission: 'page_projectnavigation' },
  { id: 1001, key: 'cloudProjectConfig', path: '/cloudProjectConfig', module: 'pf', group: 'platform', zh: '项目配置', en: 'Project configuration', permission: 'page_cloudProjectConfig' },
  { id: 1003, key: 'home', path: '/home', module: 'fw', group: 'monitoring', zh: '首页', en: 'Home', permission: 'page_home' },
  { id: 1004, key: 'deviceMonitor', path: '/deviceMonitor', module: 'fw', group: 'monitoring', zh: '设备监测', en: 'Device monitoring', permission: 'page_deviceMonitor' },
  { id: 1005, key: 'generatrixMonitor', path: '/generatrixMonitor', module: 'fw', group: 'monitoring', zh: '母线监测', en: 'Busbar monitoring', permission: 'page_generatrixMonitor' },
  { id: 1006, key: 'videoMonitor', path: '/videoMonitor', module: 'fw', group: 'monitoring', zh: '视频监控', en: 'Video monitoring', permission: 'page_videoMonitor' },
  { id: 1007, key: 'plantEnvironment', path: '/plantEnvironment', module: 'fw', group: 'monitoring', zh: '厂区环境', en: 'Plant environment', permission: 'page_plantEnvironment' },
  { id: 1008, key: 'hazardSourceMonitoring', path: '/hazardSourceMonitoring', module: 'fw', group: 'monitoring', zh: '危险源监测', en: 'Hazard-source monitoring', permission: 'page_hazardSourceMonitoring' },
  { id: 1009, key: 'cetgraph3dWeb', path: '/cetgraph3dWeb', module: 'fw', group: 'monitoring', zh: '三维组态', en: '3D plant view', permission: 'page_cetgraph3dWeb' },
  { id: 1010, key: 'energyConsumption', path: '/energyConsumption', module: 'fw', group: 'energyAnalysis', zh: '能耗分析', en: 'Energy consumption', permission: 'page_energyConsumption' },
  { id: 1011, key: 'balanceConsumption', path: '/balanceConsumption', module: 'fw', group: 'energyAnalysis', zh: '能耗平衡', en: 'Energy balance', permission: 'page_balanceConsumption' },
  { id: 1012, key: 'pipeQueryAndAnalysis', path: '/pipeQueryAndAnalysis', module: 'fw', group: 'energyAnalysis', zh: '管网能耗分析', en: 'Pipeline consumption', permission: 'page_pipeQueryAndAnalysis' },
  { id: 1013, key: 'energyPredictionAndAnalysis', path: '/energyPredictionAndAnalysis', module: 'fw', group: 'energyAnalysis', zh: '能耗预测分析', en: 'Consumption forecast analysis', permission: 'page_energyPredictionAndAnalysis' },
  { id: 1014, key: 'energyPredict', path: '/energyPredict', module: 'fw', group: 'energyAnalysis', zh: '能耗预测', en: 'Consumption forecast', permission: 'page_energyPredict' },
  { id: 1015, key: 'energyFlowAnalyse', path: '/energyFlowAnalyse', module: 'fw', group: 'energyAnalysis', zh: '能流分析', en: 'Energy flow analysis', permission: 'page_energyFlowAnalyse' },
  { id: 1016, key: 'energyFlowAnalysis', path: '/energyFlowAnalysis', module: 'fw', group: 'energyAnalysis', zh: '能流图', en: 'Energy flow diagram', permission: 'page_energyFlowAnalysis' },
  { id: 1017, key: 'equipmentTrendAnalysis', path: '/equipmentTrendAnalysis', module: 'fw', group: 'energyAnalysis', zh: '设备趋势分析', en: 'Equipment trend analysis', permission: 'page_equipmentTrendAnalysis' },
  { id: 1018, key: 'onlyReport', path: '/onlyReport', module: 'fw', group: 'energyAnalysis', zh: '报表查询', en: 'Reports', permission: 'page_onlyReport' },
  { id: 1019, key: 'energyCostAnalysis', path: '/energyCostAnalysis', module: 'fw', group: 'cost', zh: '能源成本分析', en: 'Energy cost analysis', permission: 'page_energyCostAnalysis' },
  { id: 1020, key: 'dudianEnergyFee', path: '/dudianEnergyFee', module: 'fw', group: 'cost', zh: '度电电费', en: 'Energy charge', permission: 'page_dudianEnergyFee' },
  { id: 1021, key: 'baseEnergyFee', path: '/baseEnergyFee', module: 'fw', group: 'cost', zh: '基本电费', en: 'Basic charge', permission: 'page_baseEnergyFee' },
  { id: 1022, key: 'litiaoEnergyFee', path: '/litiaoEnergyFee', module: 'fw', group: 'cost', zh: '力调电费', en: 'Power-factor adjustment', permission: 'page_litiaoEnergyFee' },
  { id: 1023, key: 'transformerEnergyEfficiency', path: '/transformerEnergyEfficiency', module: 'fw', group: 'efficiency', zh: '变压器能效', en: 'Transformer efficiency', permission: 'page_transformerEnergyEfficiency' },
  { id: 1024, key: 'powertransformerOverview', path: '/powertransformerOverview', module: 'fw', group: 'efficiency', zh: '变压器总览', en: 'Transformer overview', permission: 'page_powertransformerOverview' },
  { id: 1025, key: 'powertransformerAnalysis', path: '/powertransformerAnalysis', module: 'fw', group: 'efficiency', zh: '变压器分析', en: 'Transformer analysis', permission: 'page_powertransformerAnalysis' },
  { id: 1026, key: 'refrigerationEfficiency', path: '/refrigerationEfficiency', module: 'fw', group: 'efficiency', zh: '制冷能效', en: 'Chiller plant efficiency', permission: 'page_refrigerationEfficiency' },
  { id: 1027, key: 'airCompressionEnergyEfficiency', path: '/airCompressionEnergyEfficiency', module: 'fw', group: 'efficiency', zh: '空压能效', en: 'Compressed-air efficiency', permission: 'page_airCompressionEnergyEfficiency' },
  { id: 1028, key: 'boilerEnergyEfficiency', path: '/boilerEnergyEfficiency', module: 'fw', group: 'efficiency', zh: '锅炉能效', en: 'Boiler efficiency', permission: 'page_boilerEnergyEfficiency' },
  { id: 1029, key: 'deviceRunningStateScheme', path: '/deviceRunningStateScheme', module: 'fw', group: 'efficiency', zh: '设备运行状态方案', en: 'Equipment status schemes', permission: 'page_deviceRunningStateScheme' },
  { id: 1030, key: 'deviceStateEnergyConsumption', path: '/deviceStateEnergyConsumption', module: 'fw', group: 'efficiency', zh: '设备状态能耗', en: 'Consumption by equipment state', permission: 'page_deviceStateEnergyConsumption' },
  { id: 1031, key: 'energySavingPotentialMining', path: '/energySavingPotentialMining', module: 'fw', group: 'saving', zh: '节能潜力挖掘', en: 'Saving potential', permission: 'page_energySavingPotentialMining' },
  { id: 1032, key: 'energySavingBenefitEvaluation', path: '/energySavingBenefitEvaluation', module: 'fw', group: 'saving', zh: '节能效益评估', en: 'Saving benefit evaluation', permission: 'page_energySavingBenefitEvaluation' },
  { id: 1033, key: 'energySaveAnalysis', path: '/energySaveAnalysis', module: 'fw', group: 'saving', zh: '节能分析', en: 'Saving analysis', permission: 'page_energySaveAnalysis' },
  { id: 1034, key: 'energyAnalysisTechnical', path: '/energyAnalysisTechnical', module: 'fw', group: 'saving', zh: '节能技术分析', en: 'Saving technology analysis', permission: 'page_energyAnalysisTechnical' },
  { id: 1035, key: 'energySavingLibrary', path: '/energySavingLibrary', module: 'fw', group: 'saving', zh: '节能措施库', en: 'Saving measures library', permission: 'page_energySavingLibrary' },
  { id: 1036, key: 'benefitAnalysis', path: '/benefitAnalysis', module: 'fw', group: 'saving', zh: '效益分析', en: 'Benefit analysis', permission: 'page_benefitAnalysis' },
  { id: 1037, key: 'policyQuery', path: '/policyQuery', module: 'fw', group: 'saving', zh: '政策查询', en: 'Policy lookup', permission: 'page_policyQuery' },
  { id: 1038, key: 'useException', path: '/useException', module: 'fw', group: 'saving', zh: '用能异常', en: 'Abnormal consumption', permission: 'page_useException' },
  { id: 1039, key: 'energyLossEvent', path: '/energyLossEvent', module: 'fw', group: 'saving', zh: '能耗损失事件', en: 'Energy waste events', permission: 'page_energyLossEvent' },
  { id: 1040, key: 'energySaveOptimization', path: '/energySaveOptimization', module: 'fw', group: 'ai', zh: '节能优化', en: 'AI optimisation', permission: 'page_energySaveOptimization' },
  { id: 1041, key: 'optimizationEffect', path: '/optimizationEffect', module: 'fw', group: 'ai', zh: '优化效果', en: 'Optimisation effect', permission: 'page_optimizationEffect' },
  { id: 1042, key: 'operationTrend', path: '/operationTrend', module: 'fw', group: 'ai', zh: '运行趋势', en: 'Operation trend', permission: 'page_operationTrend' },
  { id: 1043, key: 'runningTrend', path: '/runningTrend', module: 'fw', group: 'ai', zh: '运行趋势分析', en: 'Running trend', permission: 'page_runningTrend' },
  { id: 1044, key: 'AIforecast', path: '/AIforecast', module: 'fw', group: 'ai', zh: 'AI 预测', en: 'AI forecast', permission: 'page_AIforecast' },
  { id: 1045, key: 'modelSet', path: '/modelSet', module: 'fw', group: 'ai', zh: '模型设置', en: 'Model settings', permission: 'page_modelSet' },
  { id: 1046, key: 'strategyQuery', path: '/strategyQuery', module: 'fw', group: 'ai', zh: '策略查询', en: 'Strategy log', permission: 'page_strategyQuery' },
  { id: 1047, key: 'equipmentoperation', path: '/equipmentoperation', module: 'fw', group: 'ai', zh: '设备运行', en: 'Start-stop sequence', permission: 'page_equipmentoperation' },
  { id: 1048, key: 'shiftSet', path: '/shiftSet', module: 'fw', group: 'ai', zh: '班次设置', en: 'Shift settings', permission: 'page_shiftSet' },
  { id: 1049, key: 'AISmartSettings', path: '/AISmartSettings', module: 'fw', group: 'ai', zh: 'AI 智能设置', en: 'AI settings', permission: 'page_AISmartSettings' },
  { id: 1050, key: 'demandevent', path: '/demandevent', module: 'fw', group: 'operations', zh: '需量事件', en: 'Demand events', permission: 'page_demandevent' },
  { id: 1051, key: 'energyEfficiencyEvent', path: '/energyEfficiencyEvent', module: 'fw', group: 'operations', zh: '能效事件', en: 'Efficiency events', permission: 'page_energyEfficiencyEvent' },
  { id: 1052, key: 'energyConsumptionEvent', path: '/energyConsumptionEvent', module: 'fw', group: 'operations', zh: '能耗事件', en: 'Consumption events', permission: 'page_energyConsumptionEvent' },
  { id: 1053, key: 'inspectorder', path: '/inspectorder', module: 'fw', group: 'operations', zh: '巡检工单', en: 'Inspection orders', permission: 'page_inspectorder' },
  { id: 1054, key: 'energyLossWarning', path: '/energyLossWarning', module: 'fw', group: 'operations', zh: '能损预警', en: 'Loss warnings', permission: 'page_energyLossWarning' },
  { id: 1055, key: 'eventDiagnosis', path: '/eventDiagnosis', module: 'fw', group: 'operations', zh: '事件诊断', en: 'Event diagnosis', permission: 'page_eventDiagnosis' },
  { id: 1056, key: 'inspectrecord', path: '/inspectrecord', module: 'fw', group: 'operations', zh: '巡检记录', en: 'Inspection records', permission: 'page_inspectrecord' },
  { id: 1057, key: 'appPublish', path: '/appPublish', module: 'fw', group: 'operations', zh: '信息发布', en: 'Info release', permission: 'page_appPublish' },
  { id: 1058, key: 'emailserverset', path: '/emailserverset', module: 'fw', group: 'operations', zh: '邮件服务器设置', en: 'Mail server', permission: 'page_emailserverset' },
  { id: 1059, key: 'emailreceiveset', path: '/emailreceiveset', module: 'fw', group: 'operations', zh: '邮件接收设置', en: 'Mail distribution', permission: 'page_emailreceiveset' },
  { id: 1060, key: 'modelManage', path: '/modelManage', module: 'fw', group: 'operations', zh: '模型管理', en: 'Model management', permission: 'page_modelManage' },
  { id: 1061, key: 'thirdParty1', path: '/thirdParty1', module: 'fw', group: 'operations', zh: '第三方页面1', en: 'Third-party page 1', permission: 'page_thirdParty1' },
  { id: 1062, key: 'thirdParty2', path: '/thirdParty2', module: 'fw', group: 'operations', zh: '第三方页面2', en: 'Third-party page 2', permission: 'page_thirdParty2' },
  { id: 1063, key: 'thirdParty3', path: '/thirdParty3', module: 'fw', group: 'operations', zh: '第三方页面3', en: 'Third-party page 3', permission: 'page_thirdParty3' },
  { id: 1064, key: 'thirdParty4', path: '/thirdParty4', module: 'fw', group: 'operations', zh: '第三方页面4', en: 'Third-party page 4', permission: 'page_thirdParty4' },
  { id: 1065, key: 'thirdParty5', path: '/thirdParty5', module: 'fw', group: 'operations', zh: '第三方页面5', en: 'Third-party page 5', permission: 'page_thirdParty5' },
  { id: 1066, key: 'thirdParty6', path: '/thirdParty6', module: 'fw', group: 'operations', zh: '第三方页面6', en: 'Third-party page 6', permission: 'page_thirdParty6' },
  { id: 1067, key: 'thirdParty7', path: '/thirdParty7', module: 'fw', group: 'operations', zh: '第三方页面7', en: 'Third-party page 7', permission: 'page_thirdParty7' },
  { id: 1068, key: 'thirdParty8', path: '/thirdParty8', module: 'fw', group: 'operations', zh: '第三方页面8', en: 'Third-party page 8', permission: 'page_thirdParty8' },
  { id: 1069, key: 'thirdParty9', path: '/thirdParty9', module: 'fw', group: 'operations', zh: '第三方页面9', en: 'Third-party page 9', permission: 'page_thirdParty9' },
  { id: 1070, key: 'thirdParty10', path: '/thirdParty10', module: 'fw', group: 'operations', zh: '第三方页面10', en: 'Third-party page 10', permission: 'page_thirdParty10' },
  { id: 1071, key: 'thirdParty11', path: '/thirdParty11', module: 'fw', group: 'operations', zh: '第三方页面11', en: 'Third-party page 11', permission: 'page_thirdParty11' },
  { id: 1072, key: 'thirdParty12', path: '/thirdParty12', module: 'fw', group: 'operations', zh: '第三方页面12', en: 'Third-party page 12', permission: 'page_thirdParty12' },
  { id: 1073, key: 'thirdParty13', path: '/thirdParty13', module: 'fw', group: 'operations', zh: '第三方页面13', en: 'Third-party page 13', permission: 'page_thirdParty13' },
  { id: 1074, key: 'thirdParty14', path: '/thirdParty14', module: 'fw', group: 'operations', zh: '第三方页面14', en: 'Third-party page 14', permission: 'page_thirdParty14' },
  { id: 1075, key: 'thirdParty15', path: '/thirdParty15', module: 'fw', group: 'operations', zh: '第三方页面15', en: 'Third-party page 15', permission: 'page_thirdParty15' },
  { id: 1076, key: 'thirdParty16', path: '/thirdParty16', module: 'fw', group: 'operations', zh: '第三方页面16', en: 'Third-party page 16', permission: 'page_thirdParty16' },
  { id: 1077, key: 'thirdParty17', path: '/thirdParty17', module: 'fw', group: 'operations', zh: '第三方页面17', en: 'Third-party page 17', permission: 'page_thirdParty17' },
  { id: 1078, key: 'thirdParty18', path: '/thirdParty18', module: 'fw', group: 'operations', zh: '第三方页面18', en: 'Third-party page 18', permission: 'page_thirdParty18' },
  { id: 1079, key: 'thirdParty19', path: '/thirdParty19', module: 'fw', group: 'operations', zh: '第三方页面19', en: 'Third-party page 19', permission: 'page_thirdParty19' },
  { id: 1080, key: 'thirdParty20', path: '/thirdParty20', module: 'fw', group: 'operations', zh: '第三方页面20', en: 'Third-party page 20', permission: 'page_thirdParty20' },
  { id: 1081, key: 'admin_user', path: '/admin/user', module: 'pf', group: 'admin', zh: '用户管理', en: 'Users', permission: 'p_user_manage' },
  { id: 1082, key: 'admin_role', path: '/admin/role', module: 'pf', group: 'admin', zh: '角色管理', en: 'Roles and permissions', permission: 'p_role_manage' },
  { id: 1083, key: 'admin_usergroup', path: '/admin/usergroup', module: 'pf', group: 'admin', zh: '用户组管理', en: 'User groups', permission: 'p_usergroup_manage' },
  { id: 1084, key: 'admin_tenant', path: '/admin/tenant', module: 'pf', group: 'admin', zh: '租户与服务商', en: 'Tenants and service providers', permission: 'p_tenant_manage' },
  { id: 1085, key: 'admin_permission', path: '/admin/permission', module: 'pf', group: 'admin', zh: '权限列表', en: 'Permission list', permission: 'p_permission_manage' },
  { id: 1086, key: 'admin_signin', path: '/admin/signin', module: 'pf', group: 'admin', zh: '签到点管理', en: 'Sign-in points', permission: 'p_signin_manage' },
  { id: 1087, key: 'admin_file', path: '/admin/file', module: 'pf', group: 'admin', zh: '文件管理', en: 'File manager', permission: 'p_file_manage' },
  { id: 1088, key: 'admin_rule', path: '/admin/rule', module: 'pf', group: 'admin', zh: '规则配置', en: 'Rule configuration', permission: 'p_rule_manage' },
  { id: 1089, key: 'admin_algorithm', path: '/admin/algorithm', module: 'pf', group: 'admin', zh: '算法配置', en: 'Algorithm configuration', permission: 'p_algorithm_manage' },
  { id: 1090, key: 'admin_sysconfig', path: '/admin/sysconfig', module: 'pf', group: 'admin', zh: '系统配置', en: 'System configuration', permission: 'p_sysconfig_manage' },
  { id: 1091, key: 'admin_log', path: '/admin/log', module: 'pf', group: 'admin', zh: '日志', en: 'Logs', permission: 'p_log_manage' },
];

/** Routes reachable without a permission check (spec section 2, white list). */
export const WHITE_LIST: readonly string[] = ['/login', '/noPermission'];
