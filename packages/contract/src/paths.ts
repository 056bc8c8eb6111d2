/** API paths (spec section 7 where given; designed in the same style otherwise). */
export const API = {
  login: '/eem-service/v1/auth/common/login',
  checkToken: '/auth/v1/checktoken',
  logout: '/auth/v1/logout',
  permissions: '/auth/v1/permissions',
  currentUser: '/eem-service/v2/user/getUserByHeaderUserId',
  changePassword: '/eem-service/v1/auth/common/password',
  enumerations: '/model/v1/enumerations',
  commonEnumerations: '/eem-service/v1/common/enumerations',
  /** GET `${commonEnumerations}/{rootLabel}` */
  operationAuthCheck: '/eem-service/v1/auth/common/operationAuthCheck',
  /** GET ?system=cloud: the caller's projects; POST: create; PUT/DELETE `${projects}/{id}` */
  projects: '/eem-service/v1/project/project',
  cloudProjects: '/eem-service/v1/auth/cloud/projects',
  /** GET `${projectSummary}/{projectId}`: project info plus node counts per model label */
  projectSummary: '/eem-service/v1/project/summary',
  /** GET: BackgroundHealth[] of the caller's projects (platform and project administrators) */
  projectBackgroundHealth: '/eem-service/v1/project/backgroundHealth',
  /** GET `${userTree}/{id}` */
  userTree: '/eem-service/v1/auth/cloud/user/tree',
  /** GET `${userGroup}/{rootUserGroupID}` */
  userGroup: '/auth/v1/usergroup',
  /** GET: boolean, whether a cloud root exists; the client sets strict authorisation to its negation */
  cloudRootExists: '/eem-service/v1/auth/cloud/rootExists',
  /** GET: energy types with units */
  energyTypes: '/eem-service/v1/common/energyTypes',
  /** GET: the browser's system configuration file (operator-editable JSON) */
  systemConfig: '/static/config.json',
  healthz: '/healthz',
} as const;

/** Request headers the browser sends. */
export const HEADER = {
  authorization: 'authorization',
  userId: 'user-id',
  projectId: 'projectid',
  hideNotice: 'hidenotice',
} as const;
