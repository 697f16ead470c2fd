import type { WelfareTaskCode } from '@btz/shared';
import { welfareCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';

/** The welfare centre's calls (`welfareCalls` in @btz/shared/calls). */
export const welfareKeys = { tasks: ['welfare', 'tasks'] as const, poster: ['welfare', 'poster'] as const };

export const fetchWelfare = () => callApi(welfareCalls.tasks, {}, { repeatSubmit: false });
/** The server grants a reward once; the duplicate-submit guard only spares it the extra presses. */
export const claimWelfare = (code: WelfareTaskCode) => callApi(welfareCalls.claim, { query: { code } });
export const fetchPoster = () => callApi(welfareCalls.poster, {}, { repeatSubmit: false });
export const markShared = () => callApi(welfareCalls.shared, {}, { repeatSubmit: false, silent: true });

/** Where 去完成 takes the user for a task (invite and share open the ShareDialog instead). */
export const TASK_LINK: Partial<Record<WelfareTaskCode, string>> = {
  profile: '/workbench/user/userData',
  enterprise: '/workbench/data/EnterpriseInfo',
  tender: '/workbench/document',
  bid_finished: '/workbench/historyBook',
};

/** Copies text; falls back to a selected textarea where the Clipboard API is not offered (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok;
}
