import { TEXT } from '@btz/shared';

/** Spec §2: inside WeChat's in-app browser only this page renders, pointing at the top-right ··· menu. */
export function WechatBlock({ brandName }: { brandName: string }) {
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fb', fontFamily: 'inherit', position: 'relative' }}>
      <svg
        viewBox="0 0 120 120"
        width="110"
        height="110"
        style={{ position: 'absolute', right: 18, top: 8 }}
        aria-hidden="true"
      >
        <path d="M20 110 C 40 60, 70 40, 100 22" fill="none" stroke="#1f5eff" strokeWidth="5" strokeLinecap="round" />
        <path d="M82 16 L 104 18 L 96 40" fill="none" stroke="#1f5eff" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <div style={{ padding: '140px 28px 0', textAlign: 'center', color: '#1f2329' }}>
        <div style={{ fontSize: 22, fontWeight: 700, marginBottom: 16 }}>请在浏览器中打开</div>
        <p style={{ fontSize: 16, lineHeight: 1.8, margin: 0 }}>{TEXT.wechatBlock}</p>
        <p style={{ fontSize: 14, color: '#646a73', marginTop: 24, lineHeight: 1.8 }}>
          微信内置浏览器暂不支持{brandName}的文件上传与下载，
          <br />
          在手机浏览器或电脑上打开即可正常使用。
        </p>
      </div>
    </div>
  );
}
