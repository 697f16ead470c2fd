import { local, STORAGE_KEYS } from './storage';

/** Spec §4: the ad-click id (`msclkid`) of the landing URL is kept until the next login sends it. */
export function captureAdClickId(): void {
  const id = new URLSearchParams(window.location.search).get('msclkid');
  if (id) local.set(STORAGE_KEYS.adClickId, id);
}
export const readAdClickId = () => local.get(STORAGE_KEYS.adClickId) ?? '';
export const clearAdClickId = () => local.remove(STORAGE_KEYS.adClickId);

/** The invitation code of `/{inviteCode}`, credited to the inviter at the next login. */
export const storeInvitationCode = (code: string) => local.set(STORAGE_KEYS.invitationCode, code);
export const readInvitationCode = () => local.get(STORAGE_KEYS.invitationCode) ?? '';
export const clearInvitationCode = () => local.remove(STORAGE_KEYS.invitationCode);
