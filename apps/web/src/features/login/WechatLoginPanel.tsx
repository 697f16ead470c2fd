import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, QRCode } from 'antd';
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { PAY_STATUS_POLL_MS, type QrCodeResult } from '@btz/shared';
import { pollLoginQr, requestLoginQr } from '../../api/auth';
import { completeLogin } from '../../stores/user';

type Phase = 'loading' | 'active' | 'scanned' | 'expired' | 'error';

/** The QR poll runs every 2 s (CONVENTIONS.md WeChat QR login). */
const POLL_MS = PAY_STATUS_POLL_MS;

/** Tab 微信登录: a login QR, polled until confirmed (→ the same post-login steps) or expired (→ 二维码已过期, 刷新). */
export function WechatLoginPanel({ onSuccess }: { onSuccess: () => void }) {
  const [qr, setQr] = useState<QrCodeResult | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const alive = useRef(true);
  const expiresAt = useRef(0);

  const load = useCallback(async () => {
    setPhase('loading');
    try {
      const res = await requestLoginQr();
      if (!alive.current) return;
      expiresAt.current = Date.now() + Math.max(res.expiresIn, 1) * 1000;
      setQr(res);
      setPhase('active');
    } catch {
      if (alive.current) setPhase('error');
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  // poll while the code can still be used
  useEffect(() => {
    if (!qr || (phase !== 'active' && phase !== 'scanned')) return;
    let busy = false;
    const timer = setInterval(async () => {
      if (busy) return;
      if (Date.now() >= expiresAt.current) {
        setPhase('expired');
        return;
      }
      busy = true;
      try {
        const res = await pollLoginQr(qr.tager);
        if (!alive.current) return;
        if (res.state === 'scanned') setPhase('scanned');
        else if (res.state === 'expired') setPhase('expired');
        else if (res.state === 'confirmed') {
          clearInterval(timer);
          if (await completeLogin(res, 'wechat')) onSuccess();
          else setPhase('expired');
        }
      } catch {
        // a missed poll is retried on the next tick
      } finally {
        busy = false;
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [qr, phase, onSuccess]);

  return (
    <div className="login-wechat">
      <div className="login-wechat__qr">
        <QRCode
          value={qr?.qrUrl || '-'}
          size={196}
          bordered={false}
          status={phase === 'active' ? 'active' : phase === 'error' ? 'expired' : phase}
          onRefresh={load}
          statusRender={({ status }) => {
            if (status === 'loading') return <span className="login-wechat__cover-text">二维码加载中…</span>;
            if (status === 'scanned')
              return (
                <div className="login-wechat__cover">
                  <CheckCircleFilled style={{ color: '#52c41a', fontSize: 28 }} />
                  <span>扫码成功</span>
                  <small>请在手机上确认登录</small>
                </div>
              );
            return (
              <div className="login-wechat__cover">
                <span>{phase === 'error' ? '二维码获取失败' : '二维码已过期'}</span>
                <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={load}>
                  刷新
                </Button>
              </div>
            );
          }}
        />
      </div>
      <p className="login-wechat__tip">
        <WechatOutlined style={{ color: '#07c160', marginRight: 6 }} />
        请使用微信扫一扫登录
      </p>
      <p className="login-hint">首次扫码将自动创建账号，登录即表示同意《用户服务协议》和《隐私政策》</p>
    </div>
  );
}
