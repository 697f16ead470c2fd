import { Link, useLoaderData } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import type { MerchantDetail as Merchant } from '../../features/site/api';
import type { Loaded } from '../../features/site/loaders';
import { MerchantLogo, Rating } from '../../features/site/merchant';
import { RichText } from '../../features/site/RichText';
import { DetailError } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const LIST = '/home/merchant.html';

/** /merchantDetail/{id}.html — a merchant: who they are, their services, and how to reach them (masked contacts). */
export default function MerchantDetail() {
  const { item: m, error } = useLoaderData() as Loaded<Merchant>;
  if (!m) {
    return (
      <SitePage title="商家详情" crumb={crumb('详情')}>
        <DetailError text={error ?? '商家信息加载失败'} back={{ label: '返回商家名录', to: LIST }} />
      </SitePage>
    );
  }
  return <MerchantView m={m} />;
}

const crumb = (t: string) => (
  <>
    <Link to={LIST}>商家名录</Link> / {t}
  </>
);

/** A merchant as its public page shows it (the console's preview renders the same). */
export function MerchantView({ m }: { m: Merchant }) {
  return (
    <SitePage title={m.name} crumb={crumb(m.name)}>
      <div className="sx-merchant-hero">
        <MerchantLogo m={m} large />
        <div>
          <div className="sx-merchant__where">
            {m.region ? (
              <Link to={`${LIST}?region=${encodeURIComponent(m.region)}`}>{m.region}</Link>
            ) : (
              '全国服务'
            )}
            {m.industry ? (
              <>
                {' ｜ '}
                <Link to={`${LIST}?industry=${encodeURIComponent(m.industry)}`}>{m.industry}</Link>
              </>
            ) : null}
          </div>
          {m.rating ? <Rating value={m.rating} /> : null}
        </div>
      </div>
      {m.intro ? (
        <section className="sx-block">
          <h2 className="sx-h2">商家介绍</h2>
          <RichText body={m.intro} />
        </section>
      ) : null}
      {m.services?.length ? (
        <section className="sx-block">
          <h2 className="sx-h2">服务项目</h2>
          <ul className="sx-service-list">
            {m.services.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="sx-block sx-contact-card">
        <h2 className="sx-h2">联系商家</h2>
        <ul>
          {m.contactName ? <li>联系人：{m.contactName}</li> : null}
          {m.contactPhone ? <li>联系电话：{m.contactPhone}</li> : null}
          {m.contactEmail ? <li>电子邮箱：{m.contactEmail}</li> : null}
          <li>为保护商家隐私，联系方式已部分隐藏。提交对接需求后，平台商务会在一个工作日内为您引荐。</li>
        </ul>
        <div className="sx-back">
          <Link className="btz-btn btz-btn--primary" to="/home/business.html">
            提交对接需求
          </Link>
          <Link className="btz-btn" to={LIST}>
            ← 返回商家名录
          </Link>
        </div>
      </section>
    </SitePage>
  );
}
