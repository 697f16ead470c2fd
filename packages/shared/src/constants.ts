/** Business constants of spec §9 and the tenants of spec §3. Durations are defaults; the server reads overrides from config. */

export const TENANTS = {
  btz: '000000',
  jw: '389572',
  bs: '592716',
  fz: '329436',
} as const;
export type BrandDomain = keyof typeof TENANTS;
export const DEFAULT_TENANT_ID = TENANTS.btz;

/** Login-method constants (spec §6): the `source` of a login, not the role. */
export const LOGIN_SOURCE = { phone: 1, wechat: 0 } as const;
/** loginRole: 0 personal, anything else enterprise. */
export const LOGIN_ROLE = { personal: 0, enterprise: 1 } as const;

export const FLAGS = {
  vip: 2,
  notVip: 1,
  newUser: 2,
  notNewUser: 1,
} as const;

export const ADMIN_TOKEN_COOKIE = 'Admin-Token';
export const ADMIN_TOKEN_MAX_AGE_S = 604800;

export const PAYMENT_COUNTDOWN_S = 600;
export const PAY_STATUS_POLL_MS = 2000;
export const PAY_SUCCESS_SCREEN_DELAY_MS = 2000;
export const DIALOG_CLOSE_DELAY_MS = 300;
export const COUPON_TICK_MS = 1000;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10000;
export const COUPON_PAGE_SIZE = 100;
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export const DUPLICATE_WINDOW_MS = 1000;
export const DUPLICATE_PAYLOAD_CAP_BYTES = 5 * 1024 * 1024;
export const ERROR_TOAST_S = 5;

export const REALTIME_MAX_RECONNECTS = 5;
export const REALTIME_BASE_DELAY_MS = 5000;
export const REALTIME_HEARTBEAT_MS = 10000;
export const REALTIME_ENDPOINT = '/api/ws-btz';

export const SUB_ITEM_LEVEL = 4;
export const LUMINANCE_THRESHOLD = 0.5;

export const DEVTOOLS = {
  detectorIntervalMs: 1000,
  sizeThresholdPx: 200,
  libraryIntervalMs: 500,
  nonPcStopAfterMs: 5000,
} as const;
export const LOADING_OVERLAY_OPACITY = 0.7;

export const LAYOUT = { referenceWidth: 1920, baseFontPx: 16, smallWidth: 800, smallHeight: 600 } as const;

export const BUILD_VERSION_URL = '/builds/latest.json';
export const RELOAD_GUARD_TTL_MS = 10000;

export const SMS_CODE_LENGTH = 6;

/** Default body font of exported bids (spec §3 docData): a regular-script typeface. */
export const DOC_DEFAULT_FONT = '楷体';

export const API_BASE = '/api';
export const REQUESTED_WITH = 'BladeHttpRequest';
