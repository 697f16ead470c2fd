import { useEffect, useRef, useState } from 'react';
import { Input, Spin } from 'antd';
import { fetchImageCaptcha } from '../../api/auth';

export interface CaptchaValue {
  captchaId: string;
  code: string;
  /** bump to load a new image */
  refresh: number;
}

/** The image captcha the server asks for once a phone or IP sends too many codes (PRODUCT.md §7). */
export function ImageCaptchaField({ value, onChange }: { value: CaptchaValue; onChange: (v: CaptchaValue) => void }) {
  const [image, setImage] = useState('');
  const [loading, setLoading] = useState(false);
  const { refresh } = value;

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    let alive = true;
    setLoading(true);
    fetchImageCaptcha()
      .then((c) => {
        if (!alive) return;
        setImage(c.image);
        onChangeRef.current({ captchaId: c.captchaId, code: '', refresh });
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
    // only a new `refresh` loads a new image
  }, [refresh]);

  return (
    <div className="login-captcha-row">
      <Input
        placeholder="请输入图形验证码"
        value={value.code}
        maxLength={8}
        onChange={(e) => onChange({ ...value, code: e.target.value })}
        size="large"
      />
      <button
        type="button"
        className="login-captcha-img"
        title="看不清？换一张"
        onClick={() => onChange({ ...value, refresh: Date.now() })}
      >
        {loading || !image ? <Spin size="small" /> : <img src={image} alt="图形验证码" />}
      </button>
    </div>
  );
}
