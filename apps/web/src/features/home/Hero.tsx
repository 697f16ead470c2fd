import { Link } from 'react-router';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';
import { HeroMock } from './HeroMock';
import { useStartWriting } from './useStartWriting';

/** The product promise and the call to action. */
export function Hero() {
  const start = useStartWriting();
  const brand = brandName(boot().branding);
  return (
    <section className="home-hero">
      <div className="home-hero__inner">
        <div className="home-hero__copy">
          <span className="home-eyebrow">{brand} · AI 投标文件写作平台</span>
          <h1>
            上传招标文件，
            <br />
            <span className="home-hero__accent">AI 帮你写好整份标书</span>
          </h1>
          <p className="home-hero__lead">
            自动读懂招标文件，列出每一个评分项与废标风险，生成逐条响应的投标大纲，一键撰写全文并检查缺漏，导出带目录与页码的 Word 文件。
          </p>
          <div className="home-hero__cta">
            <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={start}>
              免费开始写标书
            </button>
            <Link to="/demo" className="btz-btn btz-btn--lg">
              观看产品演示
            </Link>
          </div>
          <ul className="home-hero__trust">
            <li>手机号或微信一键登录</li>
            <li>支持 PDF / Word / 扫描件</li>
            <li>关闭页面写作不中断</li>
          </ul>
        </div>
        <HeroMock />
      </div>
    </section>
  );
}
