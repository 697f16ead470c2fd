import { useState } from 'react';
import { Button, Checkbox, Input, Modal, Space, Table, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminContentCalls, type AdminFeedback } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';
import { useTenantNames } from './TenantField';

/** The users' feedback (意见反馈 from 客服中心): unreplied first when filtered; a reply reaches the user's 我的反馈 at once. */
export default function FeedbackPage() {
  const queryClient = useQueryClient();
  const [unreplied, setUnreplied] = useState(true);
  const [current, setCurrent] = useState(1);
  const [replying, setReplying] = useState<AdminFeedback | null>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const names = useTenantNames();
  const list = useQuery({
    queryKey: ['admin', 'feedback', unreplied, current],
    queryFn: () => adminCall(adminContentCalls.feedbackList, { query: { unreplied: unreplied ? '1' : undefined, current, size: 20 } }),
  });
  const open = (f: AdminFeedback) => {
    setReplying(f);
    setReply(f.reply);
  };
  const send = async () => {
    if (!replying) return;
    if (!reply.trim()) {
      message.error('请填写回复内容');
      return;
    }
    setBusy(true);
    try {
      await adminCall(adminContentCalls.replyFeedback, { body: { id: replying.id, reply: reply.trim() } });
      message.success('已回复，用户可在「我的反馈」中看到');
      setReplying(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">用户反馈</h2>
      <Space className="admin-toolbar">
        <Checkbox
          checked={unreplied}
          onChange={(e) => {
            setUnreplied(e.target.checked);
            setCurrent(1);
          }}
        >
          只看未回复
        </Checkbox>
      </Space>
      <Table<AdminFeedback>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current, pageSize: 20, total: list.data?.total ?? 0, onChange: setCurrent, showTotal: (n) => `共 ${n} 条` }}
        locale={{ emptyText: unreplied ? '没有未回复的反馈' : '还没有用户反馈' }}
        columns={[
          { title: '租户', width: 100, render: (_, f) => names[f.tenantId] ?? f.tenantId },
          { title: '用户', width: 130, render: (_, f) => f.userPhone || '—' },
          { title: '类型', width: 100, render: (_, f) => <Tag>{f.typeLabel}</Tag> },
          {
            title: '反馈内容',
            render: (_, f) => (
              <div>
                <div className="admin-feedback__content">{f.content}</div>
                {f.contact ? <div className="admin-muted">联系方式：{f.contact}</div> : null}
                {f.reply ? (
                  <div className="admin-feedback__reply">
                    回复（{formatTime(f.replyTime)}）：{f.reply}
                  </div>
                ) : null}
              </div>
            ),
          },
          { title: '提交时间', dataIndex: 'createTime', width: 170, render: formatTime },
          { title: '状态', width: 90, render: (_, f) => <Tag color={f.status === 1 ? 'green' : 'orange'}>{f.status === 1 ? '已回复' : '待回复'}</Tag> },
          {
            title: '操作',
            width: 90,
            render: (_, f) => (
              <Button size="small" type={f.status === 1 ? 'default' : 'primary'} onClick={() => open(f)}>
                {f.status === 1 ? '修改回复' : '回复'}
              </Button>
            ),
          },
        ]}
      />
      <Modal open={!!replying} title="回复用户反馈" okText="发送回复" cancelText="取消" confirmLoading={busy} onOk={send} onCancel={() => setReplying(null)} destroyOnHidden>
        {replying ? (
          <>
            <p className="admin-feedback__content">{replying.content}</p>
            <Input.TextArea aria-label="回复内容" rows={5} maxLength={1000} showCount value={reply} onChange={(e) => setReply(e.target.value)} placeholder="用户会在「客服中心 · 我的反馈」里看到这条回复" />
          </>
        ) : null}
      </Modal>
    </div>
  );
}
