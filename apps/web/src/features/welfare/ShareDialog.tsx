import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Skeleton } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { toast } from '../../lib/feedback';
import { copyText, fetchPoster, markShared, welfareKeys } from './api';

/** The invite link and the server-drawn poster, with copy and download; either completes the share task. */
export function ShareContent({ onShared }: { onShared(): void }) {
  const q = useQuery({ queryKey: welfareKeys.poster, queryFn: fetchPoster, staleTime: 5 * 60_000 });
  const shared = () => void markShared().then(onShared, () => undefined);
  if (q.isError) return <p className="wf-muted">邀请海报生成失败，请稍后重试</p>;
  if (!q.data) return <Skeleton active />;
  const { inviteUrl, inviteCode, poster } = q.data;
  const copy = async () => {
    if (await copyText(inviteUrl)) {
      toast.success('邀请链接已复制，快去分享给好友吧');
      shared();
    } else toast.error('复制失败，请手动选中链接复制');
  };
  const download = () => {
    const a = document.createElement('a');
    a.href = poster;
    a.download = `邀请海报-${inviteCode}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    shared();
  };
  return (
    <div className="wf-share">
      <img className="wf-share__poster" src={poster} alt="邀请海报" />
      <div className="wf-share__side">
        <p>好友通过您的链接或扫描海报上的二维码注册并首次登录，您即可领取邀请奖励。</p>
        <label className="wf-share__label">
          我的邀请码
          <Input value={inviteCode} readOnly />
        </label>
        <label className="wf-share__label">
          邀请链接
          <Input value={inviteUrl} readOnly aria-label="邀请链接" />
        </label>
        <div className="wf-share__actions">
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
            复制链接
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download}>
            下载海报
          </Button>
        </div>
      </div>
    </div>
  );
}

/** spec §2 welfareCenter/component/ShareDialog */
export function ShareDialog({ open, onClose, onShared }: { open: boolean; onClose(): void; onShared(): void }) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="分享有礼" width={720} destroyOnHidden>
      <ShareContent onShared={onShared} />
    </Modal>
  );
}
