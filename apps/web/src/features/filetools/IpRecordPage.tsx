import { useState } from 'react';
import { Alert, Button, Empty, Segmented, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { IpRecordKind } from '@btz/shared';
import { errorText } from '../bid/hooks';
import { fetchIpWarnings, filetoolKeys, listIpRecords, type IpRecordItem } from './api';
import './filetools.css';
import { formatTime } from '../../lib/time';

type Filter = 'all' | IpRecordKind;

/**
 * /workbench/tools/IpRecord: the account's own sign-ins, uploads and exports (IP, time, device), newest first, and a
 * 警示 row for each IP from which bids of two different bidders were exported.
 */
export function IpRecordPage() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: filetoolKeys.ip(kind, page), queryFn: () => listIpRecords(page, kind === 'all' ? undefined : kind) });
  const warnings = useQuery({ queryKey: filetoolKeys.warnings, queryFn: fetchIpWarnings });
  const warned = new Set((warnings.data ?? []).map((w) => w.ip));

  return (
    <div className="wb-screen ft-screen">
      <div className="ft-head">
        <h1 className="wb-screen__title">IP 与设备记录</h1>
        <Button onClick={() => navigate('/workbench/BiddingTool')}>返回标书工具</Button>
      </div>
      {warnings.data?.length ? (
        <div className="ft-warn" data-testid="ip-warnings">
          {warnings.data.map((w) => (
            <Alert
              key={w.ip}
              type="error"
              showIcon
              className="ft-alert"
              title={
                <>
                  <Tag color="red">警示</Tag>IP {w.ip}：{w.message}
                </>
              }
              description={
                <>
                  涉及企业：{w.bidders.join('、')}；最近一次导出：{formatTime(w.lastTime)}。请避免在同一网络环境下为不同企业制作、导出或递交投标文件。
                </>
              }
            />
          ))}
        </div>
      ) : null}
      <div className="wb-card ft-card">
        <div className="ft-intro">
          记录本账号的登录、上传文件和导出标书所使用的 IP 与设备，仅本人可见。评标时同一 IP 递交多家企业的投标文件可能被视为围标、串标的迹象。
        </div>
        <Segmented
          className="ft-filter"
          value={kind}
          onChange={(v) => {
            setKind(v as Filter);
            setPage(1);
          }}
          options={[
            { label: '全部', value: 'all' },
            { label: '登录', value: 'login' },
            { label: '上传文件', value: 'upload' },
            { label: '导出标书', value: 'export' },
          ]}
        />
        {list.isError ? <Alert type="error" showIcon title={errorText(list.error, '记录加载失败')} /> : null}
        <Table<IpRecordItem>
          rowKey="id"
          size="middle"
          data-testid="ip-records"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description="暂无记录" /> }}
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            { title: '时间', dataIndex: 'createTime', width: 150, render: formatTime },
            { title: '类型', dataIndex: 'kindName', width: 100 },
            {
              title: 'IP',
              key: 'ip',
              width: 190,
              render: (_, r) => (
                <span>
                  {r.ip}
                  {r.kind === 'export' && warned.has(r.ip) ? (
                    <Tag color="red" className="ft-warn-tag">
                      警示
                    </Tag>
                  ) : null}
                </span>
              ),
            },
            { title: '设备', dataIndex: 'device', width: 250 },
            { title: '内容', dataIndex: 'detail', render: (v: string) => <span className="ft-file">{v}</span> },
          ]}
        />
      </div>
    </div>
  );
}
