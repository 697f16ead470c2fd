/** Spec §5: 11 digits, first 1, second 3–9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isValidPhone(phone: unknown): phone is string {
  return typeof phone === 'string' && PHONE_PATTERN.test(phone);
}

/** Spec §5: first 3 digits, 4 stars, last 4 digits. Anything that is not 11 characters is returned unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length !== 11) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** Spec §5 prompt-dialog helper: the e-mail pattern. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export function isValidEmail(email: unknown): email is string {
  return typeof email === 'string' && EMAIL_PATTERN.test(email);
}
