import { Link } from 'react-router';
import { useStartWriting } from './useStartWriting';

/** The closing call to action. */
export function CtaBand() {
  const start = useStartWriting();
  return (
    <section className="home-cta">
      <div className="home-cta__inner">
        <div>
          <h2>下一份标书，交给 AI 起草</h2>
          <p>登录即可免费体验招标文件解析与大纲生成，新用户可领取优惠券礼包。</p>
        </div>
        <div className="home-cta__actions">
          <button type="button" className="btz-btn btz-btn--lg home-cta__primary" onClick={start}>
            立即免费体验
          </button>
          <Link to="/home/business.html" className="btz-btn btz-btn--lg btz-btn--ghost">
            企业采购咨询
          </Link>
        </div>
      </div>
    </section>
  );
}
