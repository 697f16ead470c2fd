import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH, isValidPhone } from '@btz/shared';
import { sendSmsCode } from '../../api/auth';
import { isApiError } from '../../api/ApiError';
import { toast } from '../../lib/feedback';
import { loginWithPhone } from '../../stores/user';
import { useCountdown } from './useCountdown';
import { AgreementCheck } from './AgreementCheck';
import { ImageCaptchaField, type CaptchaValue } from './ImageCaptchaField';

const RESEND_S = 60;

interface Values {
  phone: string;
  code: string;
}

/** Tab 手机号登录: phone, 获取验证码 (60 s countdown; an image captcha when the server asks), code, agreement, 登录. */
export function PhoneLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [form] = Form.useForm<Values>();
  const { left, start } = useCountdown();
  const [codeKey, setCodeKey] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaValue | null>(null);

  const sendCode = async () => {
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return;
    }
    if (captcha && !captcha.code.trim()) {
      toast.warning('请输入图形验证码');
      return;
    }
    setSending(true);
    try {
      const res = await sendSmsCode({
        phone,
        captchaId: captcha?.captchaId,
        captchaCode: captcha?.code.trim() || undefined,
      });
      setCodeKey(res.key);
      setCaptcha(null);
      start(res.interval > 0 ? Math.min(res.interval, RESEND_S) : RESEND_S);
      toast.success('验证码已发送，请注意查收短信');
    } catch (e) {
      const data = isApiError(e) ? (e.data as { captchaRequired?: boolean } | null) : null;
      if (data?.captchaRequired) {
        setCaptcha({ captchaId: '', code: '', refresh: Date.now() });
        toast.warning(captcha ? (isApiError(e) ? e.message : '图形验证码错误') : '操作过于频繁，请输入图形验证码后重新获取');
      } else {
        // the image captcha was used up by this try: a fresh one for the next
        if (captcha) setCaptcha({ captchaId: '', code: '', refresh: Date.now() });
        toast.error(isApiError(e) ? e.message : '验证码发送失败，请稍后重试');
      }
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: Values) => {
    if (!agreed) {
      toast.warning('请先阅读并同意《用户服务协议》和《隐私政策》');
      return;
    }
    if (!codeKey) {
      toast.warning('请先获取短信验证码');
      return;
    }
    setSubmitting(true);
    const ok = await loginWithPhone({ phone: values.phone, codeKey, code: values.code.trim() });
    setSubmitting(false);
    if (ok) onSuccess();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large" className="login-form">
      <Form.Item
        name="phone"
        validateTrigger="onBlur"
        rules={[
          { required: true, message: '请输入手机号' },
          { validator: (_, v: string) => (!v || isValidPhone(v) ? Promise.resolve() : Promise.reject(new Error('手机号格式不正确'))) },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" allowClear />
      </Form.Item>
      {captcha ? <ImageCaptchaField value={captcha} onChange={setCaptcha} /> : null}
      <Form.Item>
        <div className="login-code-row">
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), message: `验证码为${SMS_CODE_LENGTH}位数字` },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入短信验证码"
              maxLength={SMS_CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button className="login-code-btn" onClick={sendCode} loading={sending} disabled={left > 0}>
            {left > 0 ? `${left}秒后重新获取` : codeKey ? '重新获取' : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <p className="login-hint">未注册的手机号验证后将自动创建账号</p>
    </Form>
  );
}
