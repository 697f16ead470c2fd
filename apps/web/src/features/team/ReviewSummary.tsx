import { DatePicker, Select, Space, Tag, Tooltip } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { BID_RESULT_LABELS, REVIEW_STATE_LABELS, REVIEW_STATES, type BidOutlineNode, type BidResult } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { errorText } from '../bid/hooks';
import { reviewOf, useBidTeam, useReview } from './hooks';
import { REVIEW_STATE_COLOR } from './SectionTeamBar';

const leavesOf = (nodes: readonly BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children?.length ? leavesOf(n.children) : [n]));
const RESULT_COLOR: Record<BidResult, string> = { won: 'success', lost: 'default', void: 'warning' };

/**
 * In the bid's header: the team bid's progress as sections per review state (待编写 / 已提交 / 已通过 / 退回), and on a
 * finished bid its result — marked here by the owner or admin (中标 / 未中标 / 废标 and the date), shown to everyone.
 */
export function ReviewSummary({ bidId, outline, finished }: { bidId: string; outline: readonly BidOutlineNode[] | null; finished: boolean }) {
  const team = useBidTeam(bidId);
  const review = useReview(bidId);
  if (!team) return null;
  const leaves = leavesOf(outline ?? []);
  const counts = Object.fromEntries(REVIEW_STATES.map((s) => [s, 0])) as Record<(typeof REVIEW_STATES)[number], number>;
  for (const l of leaves) counts[reviewOf(team, l.id).state]++;
  const outcome = team.outcome;
  const mark = (result: BidResult | '', date: string) =>
    review.result.mutate({ result, date }, { onSuccess: () => toast.success(result ? `已标记为${BID_RESULT_LABELS[result]}` : '已清除结果'), onError: (e) => toast.error(errorText(e, '标记失败')) });
  return (
    <Space size={8} wrap>
      {team.members.length && leaves.length ? (
        <Tooltip title="各章节的审核状态">
          <span className="team-review-counts" data-testid="review-counts">
            {REVIEW_STATES.map((s) => (
              <Tag key={s} color={REVIEW_STATE_COLOR[s]} data-state={s}>
                {REVIEW_STATE_LABELS[s]} {counts[s]}
              </Tag>
            ))}
          </span>
        </Tooltip>
      ) : null}
      {finished && team.canManage ? (
        <span className="team-review-counts" data-testid="bid-result">
          <TrophyOutlined />
          <Select
            size="small"
            style={{ minWidth: 104 }}
            placeholder="投标结果"
            value={outcome?.result ?? undefined}
            allowClear
            loading={review.result.isPending}
            onChange={(v?: BidResult) => mark(v ?? '', outcome?.date ?? '')}
            options={(Object.keys(BID_RESULT_LABELS) as BidResult[]).map((k) => ({ value: k, label: BID_RESULT_LABELS[k] }))}
            data-testid="bid-result-select"
          />
          {outcome ? (
            <DatePicker
              size="small"
              allowClear={false}
              value={dayjs(outcome.date)}
              format="YYYY-MM-DD"
              onChange={(d) => d && mark(outcome.result, d.format('YYYY-MM-DD'))}
              data-testid="bid-result-date"
            />
          ) : null}
        </span>
      ) : outcome ? (
        <Tag color={RESULT_COLOR[outcome.result]} icon={<TrophyOutlined />} data-testid="bid-result">
          {BID_RESULT_LABELS[outcome.result]} · {outcome.date}
        </Tag>
      ) : null}
    </Space>
  );
}
