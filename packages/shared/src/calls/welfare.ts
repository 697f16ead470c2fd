import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { WELFARE_TASK_CODES, type WelfareClaimResult, type WelfareOverview, type WelfarePoster, type WelfareTask } from '../api/welfare.js';

/**
 * The welfare centre (issue 27, spec §2 /workbench/welfareCenter): the tasks with their state and rewards, the once-only
 * claim, the invite poster (drawn on the server) and the mark that the user shared it.
 */

const taskCode = z.enum(WELFARE_TASK_CODES as [string, ...string[]]);
const welfareTask: z.ZodType<WelfareTask> = z.strictObject({
  code: z.enum(WELFARE_TASK_CODES as [WelfareTask['code'], ...WelfareTask['code'][]]),
  title: z.string(),
  description: z.string(),
  reward: z.string(),
  state: z.enum(['todo', 'claimable', 'claimed']),
  claimTime: z.string(),
});
const overview: z.ZodType<WelfareOverview> = z.strictObject({
  tasks: z.array(welfareTask),
  summary: z.strictObject({
    total: z.number().int().min(0),
    done: z.number().int().min(0),
    claimed: z.number().int().min(0),
    earned: z.array(z.string()),
  }),
});

export const welfareCalls = {
  /** the brand's enabled tasks with the caller's state of each, and what it earned so far */
  tasks: defineCall({ path: '/btz/welfare/tasks', auth: true, response: overview }),
  /** takes a done task's reward, once (a second press, concurrent or later, is refused and grants nothing) */
  claim: defineCall({
    path: '/btz/welfare/claim',
    auth: true,
    query: z.object({ code: taskCode }),
    labels: { code: '任务' },
    response: z.strictObject({ task: welfareTask, reward: z.string() }) as z.ZodType<WelfareClaimResult>,
  }),
  /** the invite link and the poster image with the brand's logo and the caller's invite QR */
  poster: defineCall({
    path: '/btz/welfare/poster',
    auth: true,
    response: z.strictObject({ inviteCode: z.string(), inviteUrl: z.string(), poster: z.string().startsWith('data:image/png;base64,') }) as z.ZodType<WelfarePoster>,
  }),
  /** the user copied the link or downloaded the poster: the share task is done */
  shared: defineCall({ path: '/btz/welfare/shared', auth: true, response: welfareTask }),
};
