export type Lang = 'zh' | 'en';

/** en when Accept-Language asks for English first, otherwise zh (zh-CN is the default). */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

const MESSAGES = {
  ok: ['成功', 'success'],
  badRequest: ['参数错误', 'bad request'],
  invalidField: ['参数 $0 不合法：$1', 'invalid field $0: $1'],
  malformedJson: ['请求体不是合法的 JSON', 'the request body is not valid JSON'],
  unauthorized: ['登录已失效，请重新登录', 'token expired, please log in again'],
  notFound: ['未找到', 'not found'],
  noPermission: ['无操作权限', 'no operation permission'],
  conflict: ['数据冲突', 'conflict'],
  nameTaken: ['名称已存在', 'the name is already in use'],
  tooLarge: ['请求体过大', 'request body too large'],
  internal: ['服务器内部错误', 'internal server error'],
  unavailable: ['数据存储不可用，请稍后重试', 'the data store is unavailable, please try again later'],
  clockSkew: ['客户端时间与服务器时间相差超过5分钟，请校准时间后重试', 'the client clock differs from the server clock by more than 5 minutes; correct the clock and try again'],
  replay: ['登录请求已使用过，请重新登录', 'this login request was already used; please log in again'],
  badCredentials: ['用户名或密码错误', 'wrong user name or password'],
  locked: ['登录失败次数过多，请 $0 分钟后再试', 'too many failed logins; please wait $0 minutes and try again'],
  oldPasswordWrong: ['原密码错误', 'the original password is wrong'],
  weakPassword: ['密码必须包含大小写字母、数字和特殊字符，长度为8至18位', 'Password must contain upper and lower case letters, digits and special characters, length 8 to 18'],
  projectTimeZoneInvalid: ['项目的时区 "$0" 无效，请在项目配置中改为有效的 IANA 时区（如 Asia/Shanghai）', 'the project\'s time zone "$0" is invalid; set a valid IANA time zone (e.g. Asia/Shanghai) in the project configuration'],
  samePassword: ['新密码不能与原密码相同', 'the new password must differ from the original password'],
  userNameTaken: ['用户名 $0 已存在', 'the user name $0 is already in use'],
  lastAdmin: ['$0 是根用户或最后一位可用的平台管理员，不能停用、删除或降级', '$0 is the root user or the last enabled platform administrator and cannot be disabled, deleted or demoted'],
  roleInUse: ['角色正被以下用户使用：$0', 'the role is held by: $0'],
  lastAdminRole: ['这是最后一位平台管理员的用户与角色权限所在的角色，不能删除或去掉这些权限', 'this role gives the last platform administrator their user and role permissions; it cannot be deleted or lose them'],
  operatorTenant: ['平台运营方的租户不能禁用', 'the platform operator\'s tenant cannot be disabled'],
  rootGroupFixed: ['租户的根用户组不能删除或移动', 'the tenant\'s root user group cannot be deleted or moved'],
  groupNotEmpty: ['用户组含有子组（$0）或成员（$1），确认后才能删除', 'the user group holds sub-groups ($0) or members ($1); confirm to delete it'],
  ssoUnavailable: ['身份提供方暂时无法访问，请稍后重试', 'the identity provider cannot be reached; please try again later'],
  ssoStateInvalid: ['单点登录请求已过期或无效，请重新登录', 'the single-sign-on request has expired or is unknown; please sign in again'],
  ssoCodeRejected: ['身份提供方未接受此次登录，请重新登录', 'the identity provider did not accept this sign-in; please sign in again'],
  ssoClaimMissing: ['身份提供方未提供用户标识 $0', 'the identity provider sent no $0 to identify the user'],
  ssoTokenInvalid: ['单点登录令牌无效、已过期或已使用，请重新登录', 'the single-sign-on token is invalid, expired or already used; please sign in again'],
  ssoUserRefused: ['该账号或其租户已停用，不能登录', 'this account or its tenant is disabled and cannot sign in'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof MESSAGES;

/** Message text in the language, with $0..$5 substituted. */
export function t(lang: Lang, key: MessageKey, ...params: (string | number)[]): string {
  const text = MESSAGES[key][lang === 'en' ? 1 : 0];
  return text.replace(/\$(\d)/g, (m, i: string) => {
    const v = params[Number(i)];
    return v === undefined ? m : String(v);
  });
}
