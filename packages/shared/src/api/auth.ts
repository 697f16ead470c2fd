/** `POST /api/blade-auth/oauth/token` success body (spec §7; read as-is by the client). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: 'all';
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  avatar: string;
  role_name: string;
  login_role: number;
  jti: string;
  success?: true;
}

/** Failed login: HTTP 200, `{ success: false, error_description }`. */
export interface TokenFailure {
  success: false;
  error_code: number;
  error_description: string;
}

/** `/btz-skip/send-code` → the key the token call sends back as `Captcha-Key`. */
export interface SendCodeResult {
  key: string;
  /** seconds until another code may be sent to this phone */
  interval: number;
}

export type QrState = 'waiting' | 'scanned' | 'confirmed' | 'expired';
export interface QrCodeResult {
  tager: string;
  qrUrl: string;
  expiresIn: number;
}
export type QrStateResult = { state: QrState } & Partial<TokenResponse>;

/** Image captcha the server asks for once an IP sends too many codes (PRODUCT.md §7). */
export interface ImageCaptcha {
  captchaId: string;
  /** data: URL of a PNG (a noisy raster; the answer is never in the markup) */
  image: string;
}
