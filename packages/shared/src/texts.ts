/** Every user-facing text the spec quotes, in Chinese (CONVENTIONS.md, Texts). Tests and screens use these constants. */
export const TEXT = {
  pageNotFound: 'Page Not Found',
  pageNotFoundZh: '页面不存在',
  internalError: '服务器内部错误',
  notFoundPath: (path: string) => `页面不存在：${path}`,
  duplicateSubmit: '数据正在处理，请勿重复提交',
  /** a call over its rate limit (server http/rate-limit.ts) */
  tooFrequent: (seconds: number) => `操作过于频繁，请 ${seconds} 秒后再试`,
  /** an upload that would take the user past UPLOAD_QUOTA_BYTES */
  uploadQuotaExceeded: (used: string, quota: string) => `存储空间不足：您已使用 ${used}，上限为 ${quota}。请删除不需要的标书或文件后再上传`,
  loginExpired: '登录已过期，请重新登录',
  timeout: '服务请求超时，请刷新后重试！',
  fileRequestFailed: (status: number) => `文件请求失败，状态码 ${status}`,
  downloadFailed: '文件下载失败，请检查网络或联系管理员',
  devtoolsForbidden: '为了系统安全，禁止使用开发者工具！',
  systemNotice: '系统提示',
  confirm: '确定',
  cancel: '取消',
  invalidEmail: '邮箱格式不正确',
  paymentSuccess: '支付成功！',
  gotIt: '我知道了',
  noCoupon: '暂无可用优惠券',
  couponMinSpend: '未达到最低消费金额，该优惠券无法使用！',
  couponNotUsable: '本单不可用',
  makingVersion: (v: '普通版' | '旗舰版') => `您当前正在制作${v}标书`,
  newUserCouponGot: '恭喜您，获得新人优惠券！',
  giveUpCoupon: '确定放弃限时优惠券吗？',
  continueOpen: '继续开通',
  leaveAnyway: '狠心离开',
  claimNow: '立即领取',
  paymentAgreement: '支付协议',
  personalVipUser: '个人VIP用户',
  enterpriseVipUser: '企业VIP用户',
  ordinaryUser: '普通用户',
  wechatBlock: '请点击右上角的 ··· 按钮，选择「在浏览器中打开」',
  readOnlyBid: '标书已完成编写，内容为只读',
  offlineMode: '离线模式',
} as const;

/** HTTP status-code messages of spec §8. */
export const STATUS_TEXT: Record<number | 'default', string> = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
};

/** The nine loading-tip promises of spec §1. */
export const LOADING_TIPS = [
  'AI 智能解析招标文件，自动提取关键信息',
  'AI 一键生成投标大纲，紧扣评分标准',
  '大纲支持手动编辑：增删、重命名、拖拽排序',
  '一键生成全文，章节内容自动撰写',
  '关闭页面也不怕，全文写作在后台继续进行',
  '自定义页码：起始页、格式与位置随心设置',
  'AI 内容健康度评分，提前发现缺漏与风险',
  '点击「完成编写」后，标书内容锁定为只读',
  '导出标准 Word 投标文件，直接排版递交',
] as const;

export const TRAFFIC_SOURCE_LABEL: Record<string, string> = {
  baidu: '百度',
  '360': '360搜索',
  google: '谷歌',
  bing: '必应',
  sogou: '搜狗',
  direct: '直接访问',
  referral: '外部链接',
  unknown: '未知',
};
