import { authCalls, contentCalls, filetoolCalls, userCalls, type CallQueryIn } from '@btz/shared/calls';
import { callApi } from '../../api/call';

/** 个人中心 · 用户资料's calls (userCalls, plus the bind QR, the feedback list and the sign-in records). */
export const accountKeys = {
  invitees: (p: object) => ['account', 'invitees', p] as const,
  feedback: (p: object) => ['account', 'feedback', p] as const,
  sessions: ['account', 'sessions'] as const,
  signIns: ['account', 'signIns'] as const,
};

export const updateInfo = (query: CallQueryIn<typeof userCalls.updateInfo>) => callApi(userCalls.updateInfo, { query });

/** 上传头像: the picture is checked and turned into the avatar on the server; errors shown by the request client. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return callApi(userCalls.uploadAvatar, { body: form }, { repeatSubmit: false, headers: { 'Content-Type': 'multipart/form-data' } });
}
export const fetchInvitees = (query: { current: number; size: number }) => callApi(userCalls.inviteUserList, { query }, { repeatSubmit: false });
export const fetchFeedback = (query: { current: number; size: number }) => callApi(contentCalls.feedbackList, { query }, { repeatSubmit: false });
export const fetchSessions = () => callApi(userCalls.sessions, {}, { repeatSubmit: false });
export const fetchSignIns = () => callApi(filetoolCalls.ipRecords, { query: { current: 1, size: 10, kind: 'login' } }, { repeatSubmit: false });
export const logoutEverywhere = () => callApi(userCalls.logoutAll, {});
export const unbindWechat = () => callApi(userCalls.unbindWechat, {});
export const requestBindQr = () => callApi(authCalls.bindQrCode, {}, { repeatSubmit: false });
export const pollBindQr = (tager: string) => callApi(authCalls.bindQrCodeState, { query: { tager } }, { repeatSubmit: false, silent: true });

// change phone: the present phone first (its code → a ticket), then the new one
export const sendPresentCode = () => callApi(userCalls.sendCodePresent, {});
export const validatePresentCode = (key: string, code: string) => callApi(userCalls.validateCode, { query: { key, code } });
export const sendNewPhoneCode = (phone: string) => callApi(userCalls.sendCode, { query: { phone } });
export const updatePhone = (query: { phone: string; key: string; code: string; ticket?: string }) => callApi(userCalls.updatePhone, { query });
