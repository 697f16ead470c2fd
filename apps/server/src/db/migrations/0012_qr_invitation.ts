/**
 * A login QR remembers the invitation code of the desktop that asked for it (`/btz-skip/qr-code?invitation_code=`), so
 * an account created when a phone confirms that QR (sandbox page or WeChat's redirect) is credited to the inviter —
 * the same as an SMS sign-up (provisionUser, modules/user/commands/provision-user.ts).
 */
export const up = /* sql */ `
ALTER TABLE qr_logins ADD COLUMN invitation_code text;
`;
