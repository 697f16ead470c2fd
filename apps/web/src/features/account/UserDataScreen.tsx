import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Empty, Form, Input, Modal, QRCode, Table, Tag, Upload } from 'antd';
import { CameraOutlined, CopyOutlined, LogoutOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { EMAIL_PATTERN, PHONE_PATTERN, type FeedbackRecord, type InvitedUser, type UserInfo, type UserSessionItem } from '@btz/shared';
import { useUser, refreshUserInfo, logout } from '../../stores/user';
import { boot } from '../../lib/boot';
import { toast, openModal } from '../../lib/feedback';
import { copyText } from '../welfare/api';
import {
  accountKeys,
  fetchFeedback,
  fetchInvitees,
  fetchSessions,
  fetchSignIns,
  logoutEverywhere,
  pollBindQr,
  requestBindQr,
  sendNewPhoneCode,
  sendPresentCode,
  unbindWechat,
  updateInfo,
  uploadAvatar,
  updatePhone,
  validatePresentCode,
} from './api';
import './account.css';
import { formatTime } from '../../lib/time';

/** The server's limit (modules/user/avatar.ts), checked before sending. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

interface ProfileValues {
  nickName: string;
  realName: string;
  province: string;
  city: string;
  district: string;
  email: string;
}

/** 基本资料: nickname, real name, region, e-mail (update-info). */
function ProfileCard({ info }: { info: UserInfo }) {
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.setFieldsValue({ nickName: info.nickName, realName: info.realName, province: info.province, city: info.city, district: info.district, email: info.email });
  }, [info, form]);
  const [uploading, setUploading] = useState(false);
  const changeAvatar = async (file: File) => {
    setUploading(true);
    try {
      await uploadAvatar(file);
      await refreshUserInfo();
      toast.success('头像已更新');
    } catch {
      /* the request client showed the server's message */
    } finally {
      setUploading(false);
    }
  };
  const save = async (v: ProfileValues) => {
    setSaving(true);
    try {
      await updateInfo({ nickName: v.nickName, realName: v.realName ?? '', province: v.province ?? '', city: v.city ?? '', district: v.district ?? '', email: v.email ?? '' });
      await refreshUserInfo();
      toast.success('资料已保存');
    } catch {
      /* the request client showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="wb-card ud-card" aria-label="基本资料">
      <h2>基本资料</h2>
      <div className="ud-profile">
        <div className="ud-profile__avatar">
          <Avatar size={72} src={info.avatar || boot().branding.avatar || undefined} icon={<UserOutlined />} />
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp,image/bmp"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > AVATAR_MAX_BYTES) {
                toast.error('头像图片不能超过 5 MB');
                return Upload.LIST_IGNORE;
              }
              void changeAvatar(file);
              return false;
            }}
          >
            <Button size="small" icon={<CameraOutlined />} loading={uploading} data-testid="avatar-upload">
              更换头像
            </Button>
          </Upload>
        </div>
        <Form form={form} layout="vertical" className="ud-form" onFinish={(v) => void save(v)} requiredMark={false}>
          <Form.Item label="昵称" name="nickName" rules={[{ required: true, whitespace: true, message: '请填写昵称' }, { max: 30, message: '昵称不能超过 30 个字' }]}>
            <Input placeholder="请输入昵称" />
          </Form.Item>
          <Form.Item label="真实姓名" name="realName" rules={[{ max: 30, message: '不能超过 30 个字' }]}>
            <Input placeholder="请输入真实姓名" />
          </Form.Item>
          <Form.Item label="所在地区" className="ud-region">
            <Form.Item name="province" noStyle>
              <Input placeholder="省份" aria-label="省份" />
            </Form.Item>
            <Form.Item name="city" noStyle>
              <Input placeholder="城市" aria-label="城市" />
            </Form.Item>
            <Form.Item name="district" noStyle>
              <Input placeholder="区县" aria-label="区县" />
            </Form.Item>
          </Form.Item>
          <Form.Item label="邮箱" name="email" rules={[{ pattern: EMAIL_PATTERN, message: '邮箱格式不正确' }]}>
            <Input placeholder="name@example.com" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存资料
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** 更换手机号: the present phone's code gives a ticket, then the new phone's code moves the account. */
function ChangePhoneDialog({ info, open, onClose }: { info: UserInfo; open: boolean; onClose(): void }) {
  const hasPhone = Boolean(info.maskPhone);
  const [step, setStep] = useState<'present' | 'new'>(hasPhone ? 'present' : 'new');
  const [key, setKey] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState<string | undefined>();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setStep(hasPhone ? 'present' : 'new');
      setKey('');
      setCode('');
      setTicket(undefined);
      setPhone('');
    }
  }, [open, hasPhone]);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    try {
      await f();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  const send = () =>
    run(async () => {
      if (step === 'new' && !PHONE_PATTERN.test(phone)) {
        toast.error('请输入 11 位中国大陆手机号');
        return;
      }
      const r = step === 'present' ? await sendPresentCode() : await sendNewPhoneCode(phone);
      setKey(r.key);
      toast.success('验证码已发送');
    });
  const next = () =>
    run(async () => {
      if (step === 'present') {
        const r = await validatePresentCode(key, code);
        setTicket(r.ticket);
        setStep('new');
        setKey('');
        setCode('');
      } else {
        await updatePhone({ phone, key, code, ticket });
        await refreshUserInfo();
        toast.success('手机号已更换');
        onClose();
      }
    });
  return (
    <Modal open={open} onCancel={onClose} title="更换手机号" footer={null} destroyOnHidden>
      <p className="ud-muted">{step === 'present' ? `第一步：验证当前手机号 ${info.maskPhone}` : '第二步：验证新手机号'}</p>
      {step === 'new' ? <Input className="ud-gap" placeholder="新手机号" aria-label="新手机号" value={phone} maxLength={11} onChange={(e) => setPhone(e.target.value.trim())} /> : null}
      <div className="ud-code ud-gap">
        <Input placeholder="短信验证码" aria-label="短信验证码" value={code} maxLength={8} onChange={(e) => setCode(e.target.value.trim())} />
        <Button onClick={() => void send()} disabled={busy}>
          {key ? '重新发送' : '获取验证码'}
        </Button>
      </div>
      <Button type="primary" block disabled={!key || !code} loading={busy} onClick={() => void next()}>
        {step === 'present' ? '下一步' : '确认更换'}
      </Button>
    </Modal>
  );
}

/** 绑定微信: the bind QR, polled until the phone confirms (the sandbox page in development). */
function BindWechatDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [qr, setQr] = useState<{ tager: string; qrUrl: string } | null>(null);
  const [state, setState] = useState('waiting');
  useEffect(() => {
    if (!open) return;
    let stop = false;
    setQr(null);
    setState('waiting');
    void requestBindQr().then((r) => !stop && setQr(r), () => undefined);
    return () => {
      stop = true;
    };
  }, [open]);
  useEffect(() => {
    if (!open || !qr) return;
    const timer = setInterval(() => {
      void pollBindQr(qr.tager).then(
        async (r) => {
          setState(r.state);
          if (r.state === 'confirmed') {
            clearInterval(timer);
            await refreshUserInfo();
            toast.success('微信绑定成功');
            onClose();
          } else if (r.state === 'expired') clearInterval(timer);
        },
        () => undefined,
      );
    }, 2000);
    return () => clearInterval(timer);
  }, [open, qr, onClose]);
  return (
    <Modal open={open} onCancel={onClose} title="绑定微信" footer={null} width={360} destroyOnHidden>
      <div className="ud-qr">
        <QRCode value={qr?.qrUrl || '-'} status={!qr ? 'loading' : state === 'expired' ? 'expired' : 'active'} size={200} />
        <p>{state === 'scanned' ? '已扫码，请在手机上确认' : '请使用微信扫一扫，绑定后可用微信登录'}</p>
      </div>
    </Modal>
  );
}

/** 账号安全: the phone (change) and WeChat (bind / unbind). */
function SecurityCard({ info }: { info: UserInfo }) {
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [wxOpen, setWxOpen] = useState(false);
  const unbind = () =>
    void openModal('confirm', {
      title: '解绑微信',
      content: '解绑后将不能再用微信扫码登录此账号，确定解绑吗？',
      okText: '解绑',
      cancelText: '取消',
      onOk: async () => {
        await unbindWechat();
        await refreshUserInfo();
        toast.success('已解绑微信');
      },
    });
  return (
    <section className="wb-card ud-card" aria-label="账号安全">
      <h2>账号安全</h2>
      <div className="ud-row">
        <div>
          <b>手机号</b>
          <span>{info.maskPhone || '未绑定'}</span>
        </div>
        <Button onClick={() => setPhoneOpen(true)}>{info.maskPhone ? '更换手机号' : '绑定手机号'}</Button>
      </div>
      <div className="ud-row">
        <div>
          <b>
            <WechatOutlined /> 微信
          </b>
          <span>{info.isBindWeChat === 1 ? '已绑定' : '未绑定'}</span>
        </div>
        {info.isBindWeChat === 1 ? <Button onClick={unbind}>解绑微信</Button> : <Button onClick={() => setWxOpen(true)}>绑定微信</Button>}
      </div>
      <ChangePhoneDialog info={info} open={phoneOpen} onClose={() => setPhoneOpen(false)} />
      <BindWechatDialog open={wxOpen} onClose={() => setWxOpen(false)} />
    </section>
  );
}

/** 我的邀请: code, link, QR and the invitees. */
function InviteCard({ info }: { info: UserInfo }) {
  const [current, setCurrent] = useState(1);
  const q = useQuery({ queryKey: accountKeys.invitees({ current }), queryFn: () => fetchInvitees({ current, size: 5 }) });
  return (
    <section className="wb-card ud-card" aria-label="我的邀请">
      <h2>我的邀请</h2>
      <div className="ud-invite">
        <QRCode value={info.inviteUrl || '-'} size={128} bordered={false} />
        <div className="ud-invite__text">
          <div>
            邀请码 <b className="ud-invite__code">{info.inviteCode}</b>
          </div>
          <Input value={info.inviteUrl} readOnly aria-label="我的邀请链接" />
          <Button
            icon={<CopyOutlined />}
            onClick={() => void copyText(info.inviteUrl).then((ok) => (ok ? toast.success('邀请链接已复制') : toast.error('复制失败，请手动复制')))}
          >
            复制链接
          </Button>
        </div>
      </div>
      <Table<InvitedUser>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current, pageSize: 5, total: q.data?.total ?? 0, onChange: setCurrent, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有邀请到好友" /> }}
        columns={[
          { title: '好友', dataIndex: 'nickName' },
          { title: '手机号', dataIndex: 'maskPhone' },
          { title: '注册时间', dataIndex: 'createTime', render: formatTime },
        ]}
      />
    </section>
  );
}

/** 我的反馈: the feedback sent and the replies. */
function FeedbackCard() {
  const [current, setCurrent] = useState(1);
  const q = useQuery({ queryKey: accountKeys.feedback({ current }), queryFn: () => fetchFeedback({ current, size: 5 }) });
  const list = q.data?.records ?? [];
  return (
    <section className="wb-card ud-card" aria-label="我的反馈">
      <h2>我的反馈</h2>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q.isLoading ? '加载中…' : '暂无反馈记录'} />
      ) : (
        <ul className="ud-feedback">
          {list.map((f: FeedbackRecord) => (
            <li key={f.id}>
              <div className="ud-feedback__head">
                <Tag>{f.typeLabel}</Tag>
                <span className="ud-muted">{formatTime(f.createTime)}</span>
                {f.status === 1 ? <Tag color="green">已回复</Tag> : <Tag color="orange">待回复</Tag>}
              </div>
              <p>{f.content}</p>
              {f.reply ? (
                <p className="ud-feedback__reply">
                  <b>回复：</b>
                  {f.reply}
                  <span className="ud-muted">（{formatTime(f.replyTime)}）</span>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {(q.data?.pages ?? 0) > 1 ? (
        <div className="ud-row">
          <Button disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
            上一页
          </Button>
          <Button disabled={current >= (q.data?.pages ?? 1)} onClick={() => setCurrent(current + 1)}>
            下一页
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** 登录设备: the live sign-ins, the recent sign-in records, and 退出所有设备. */
function DevicesCard() {
  const qc = useQueryClient();
  const sessions = useQuery({ queryKey: accountKeys.sessions, queryFn: fetchSessions, staleTime: 0 });
  const signIns = useQuery({ queryKey: accountKeys.signIns, queryFn: fetchSignIns, staleTime: 0 });
  const outAll = () =>
    void openModal('confirm', {
      title: '退出所有设备',
      content: '所有设备（包括当前设备）上的登录都将失效，需要重新登录。确定退出吗？',
      okText: '全部退出',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const r = await logoutEverywhere();
        toast.success(`已退出 ${r.count} 个登录设备`);
        void qc.cancelQueries();
        await logout();
      },
    });
  return (
    <section className="wb-card ud-card" aria-label="登录设备">
      <div className="ud-card__head">
        <h2>登录设备</h2>
        <Button danger icon={<LogoutOutlined />} onClick={outAll}>
          退出所有设备
        </Button>
      </div>
      <Table<UserSessionItem>
        rowKey="id"
        size="small"
        loading={sessions.isLoading}
        dataSource={sessions.data ?? []}
        pagination={false}
        columns={[
          { title: '设备', dataIndex: 'device', render: (v: string, r) => (r.current ? <>{v} <Tag color="blue">当前设备</Tag></> : v) },
          { title: 'IP', dataIndex: 'ip' },
          { title: '登录时间', dataIndex: 'createTime', render: formatTime },
        ]}
      />
      <h3 className="ud-sub">最近登录记录</h3>
      <Table
        rowKey="id"
        size="small"
        loading={signIns.isLoading}
        dataSource={signIns.data?.records ?? []}
        pagination={false}
        locale={{ emptyText: '暂无登录记录' }}
        columns={[
          { title: '时间', dataIndex: 'createTime', render: formatTime },
          { title: 'IP', dataIndex: 'ip' },
          { title: '设备', dataIndex: 'device' },
        ]}
      />
    </section>
  );
}

/** /workbench/user/userData */
export function UserDataScreen() {
  const info = useUser((s) => s.info);
  return (
    <div className="wb-screen ud-screen">
      <h1 className="wb-screen__title">用户资料</h1>
      {!info ? (
        <Empty className="wb-card wb-empty" description="正在加载账号信息…" />
      ) : (
        <div className="ud-grid">
          <ProfileCard info={info} />
          <SecurityCard info={info} />
          <InviteCard info={info} />
          <DevicesCard />
          <FeedbackCard />
        </div>
      )}
    </div>
  );
}
