import { Card, Empty, Progress, Skeleton, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { WinRateRow } from '@btz/shared';
import { fetchWinRate, reviewKeys } from './api';
import './team.css';

/**
 * 中标率 on the 团队 page: the team's finished bids marked 中标 / 未中标 / 废标, by the month of the result and by the
 * tender's domain. The rate is 中标 ÷ (中标 + 未中标); 废标 (the tender itself void) counts in neither.
 */
export function WinRateCard() {
  const q = useQuery({ queryKey: reviewKeys.winRate, queryFn: fetchWinRate, staleTime: 0 });
  const rate = (r: WinRateRow) => (r.rate === null ? <span className="team-muted">—</span> : <Progress percent={r.rate} size="small" format={(p) => `${p}%`} />);
  const columns = (first: string) => [
    { title: first, dataIndex: 'label' },
    { title: '中标', dataIndex: 'won', width: 70 },
    { title: '未中标', dataIndex: 'lost', width: 80 },
    { title: '废标', dataIndex: 'void', width: 70 },
    { title: '中标率', key: 'rate', width: 200, render: (_: unknown, r: WinRateRow) => rate(r) },
  ];
  const t = q.data?.total;
  return (
    <Card
      className="team-card"
      data-testid="win-rate"
      title={
        <span>
          中标率
          <span className="team-count">
            {t && t.won + t.lost + t.void
              ? `已标记 ${t.won + t.lost + t.void} 份：中标 ${t.won}，未中标 ${t.lost}，废标 ${t.void}${t.rate === null ? '' : `，中标率 ${t.rate}%`}`
              : '中标率 = 中标 ÷（中标 + 未中标），废标不计入'}
          </span>
        </span>
      }
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : !t || !(t.won + t.lost + t.void) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有标记结果的标书：标书完成编写后，负责人或管理员可在标书页标记中标、未中标或废标" />
      ) : (
        <Tabs
          items={[
            { key: 'month', label: '按月份', children: <Table rowKey="key" size="small" pagination={false} dataSource={q.data!.byMonth} columns={columns('结果月份')} /> },
            { key: 'domain', label: '按领域', children: <Table rowKey="key" size="small" pagination={false} dataSource={q.data!.byDomain} columns={columns('招标领域')} /> },
          ]}
        />
      )}
    </Card>
  );
}
