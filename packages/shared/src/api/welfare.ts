/** The welfare centre (福利中心, issue 27): its tasks, what each rewards, and the invite poster. */

export type WelfareTaskCode = 'profile' | 'enterprise' | 'tender' | 'bid_finished' | 'invite' | 'share';

/** todo: not done yet (去完成); claimable: done, reward not taken (领取); claimed: taken (已领取) */
export type WelfareTaskState = 'todo' | 'claimable' | 'claimed';

export interface WelfareTask {
  code: WelfareTaskCode;
  title: string;
  description: string;
  /** the reward as the user reads it: 「任务奖励券 ¥20（满99元可用）」, 「普通版标书 1 份」 */
  reward: string;
  state: WelfareTaskState;
  /** when the reward was taken (`YYYY-MM-DD HH:mm`, Asia/Shanghai), '' before */
  claimTime: string;
}

export interface WelfareSummary {
  total: number;
  /** tasks done (claimable or claimed) */
  done: number;
  claimed: number;
  /** what the claims gave, one line each, oldest first */
  earned: string[];
}

export interface WelfareOverview {
  tasks: WelfareTask[];
  summary: WelfareSummary;
}

export interface WelfareClaimResult {
  task: WelfareTask;
  /** the reward just granted */
  reward: string;
}

export interface WelfarePoster {
  inviteCode: string;
  inviteUrl: string;
  /** the poster drawn on the server: `data:image/png;base64,…` */
  poster: string;
}

/** What shows the codes of the tasks in the UI, in the order a new user meets them. */
export const WELFARE_TASK_CODES: readonly WelfareTaskCode[] = ['profile', 'enterprise', 'tender', 'bid_finished', 'invite', 'share'];

export const WELFARE_TEXT = {
  claimed: '该任务奖励已领取',
  notDone: '任务尚未完成，完成后再来领取',
  unknownTask: '没有这个福利任务',
} as const;
