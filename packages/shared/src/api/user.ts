/** `/btz/user/get-info` — every User field of spec §3. */
export interface UserInfo {
  id: string;
  account: string;
  source: number;
  bidNumber: number;
  /** company name */
  name: string;
  bidFileShowFlag: number;
  projectListShowFlag: number;
  rights: string[];
  tenantId: string;
  birthday: string;
  province: string;
  city: string;
  district: string;
  regionCode: string;
  realName: string;
  sex: number;
  address: string;
  isBindWeChat: number;
  isTeamAdmin: number;
  privilegeList: string[];
  vipExpiryTime: string;
  inviteUrl: string;
  createTime: string;
  isNewUser: number;
  email: string;
  inviteCode: string;
  nickName: string;
  avatar: string;
  guide: number;
  commonBidNumber: number;
  flagshipBidNumber: number;
  isVip: number;
  loginRole: number;
  team: { id: string; name: string } | null;
  isEmployee: number;
  maskPhone: string;
}

/** Editable fields of `/btz/user/update-info` (params). */
export const UPDATABLE_USER_FIELDS = [
  'nickName',
  'realName',
  'name',
  'avatar',
  'sex',
  'birthday',
  'email',
  'province',
  'city',
  'district',
  'regionCode',
  'address',
  'bidFileShowFlag',
  'projectListShowFlag',
  'guide',
] as const;

export interface InvitedUser {
  id: string;
  maskPhone: string;
  nickName: string;
  createTime: string;
}

/** Spec §7 per-path route-rules lookup. */
export interface RouteRule {
  redirect?: string;
  /** an absolute redirect (http…) causes a full-page navigation */
  absolute?: boolean;
  appMiddleware?: string[];
}

/** Public brand data the web shell reads (spec §3 Tenant branding). */
export interface TenantBranding {
  id: string;
  tenanId: string;
  text: string;
  homeLogoLight: string;
  homeLogoDark: string;
  bannerLogo: string;
  footerLogo: string;
  workLogoLight: string;
  workLogoDark: string;
  ecLogo: string;
  avatar: string;
  video_img: string;
  video: string;
  item_video1: string;
  item_video2: string;
  item_video3: string;
  wechat: string;
  wechat2: string;
  companyName: string;
  BAno: string;
  groupImg: string;
  phone: string;
  email: string;
  /** our additions: the brand's accent colour for the antd theme, and its name (text is the name with its slogan) */
  primaryColor: string;
  name: string;
}

/** `/btz/user/sessions` — one live sign-in of the account (a device that holds a token now). */
export interface UserSessionItem {
  id: string;
  /** 「Windows · Chrome」 from the sign-in's user agent */
  device: string;
  ip: string;
  /** when it signed in */
  createTime: string;
  /** the sign-in this request came with */
  current: boolean;
}
