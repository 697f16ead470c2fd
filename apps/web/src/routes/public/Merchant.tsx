import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import { useMerchantFilters, useMerchantList } from '../../features/site/queries';
import { errorText, type MerchantItem } from '../../features/site/api';
import { MerchantLogo, Rating } from '../../features/site/merchant';
import { MERCHANT_INDUSTRIES, MERCHANT_REGIONS } from '../../features/site/constants';
import { ListSkeleton, Pager, StateBox } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const SIZE = 12;

/** The filter options the server knows, plus the value in the URL if it is not among them. */
const withCurrent = (list: string[], v: string) => (v && !list.includes(v) ? [v, ...list] : list);

function MerchantCard({ m }: { m: MerchantItem }) {
  const tags = m.services ?? [];
  return (
    <li className="sx-merchant">
      <Link to={`/merchantDetail/${m.id}.html`} className="sx-merchant__link">
        <div className="sx-merchant__head">
          <MerchantLogo m={m} />
          <div>
            <h2 className="sx-merchant__name">{m.name}</h2>
            <div className="sx-merchant__where">
              {m.region || '全国服务'}
              {m.industry ? ` ｜ ${m.industry}` : ''}
            </div>
          </div>
        </div>
        {m.intro ? <p className="sx-merchant__summary">{m.intro}</p> : null}
        {m.rating ? <Rating value={m.rating} /> : null}
        {tags.length ? (
          <div className="sx-tags">
            {tags.slice(0, 4).map((t) => (
              <span key={t}>{t}</span>
            ))}
          </div>
        ) : null}
        <span className="sx-merchant__more">查看详情 →</span>
      </Link>
    </li>
  );
}

/** /home/merchant.html — the merchant directory: region, industry and keyword filters (kept in the query string), cards. */
export default function Merchant() {
  const [params, setParams] = useSearchParams();
  const current = Math.max(1, Number(params.get('page')) || 1);
  const region = params.get('region') ?? '';
  const industry = params.get('industry') ?? '';
  const keyword = params.get('keyword') ?? '';
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const { data, isPending, isError, error, refetch, isFetching } = useMerchantList({
    current,
    size: SIZE,
    region: region || undefined,
    industry: industry || undefined,
    keyword: keyword || undefined,
  });

  const go = (next: Partial<Record<'region' | 'industry' | 'keyword', string>> & { page?: number }) => {
    const merged = { region, industry, keyword, ...next };
    const p = new URLSearchParams();
    (['region', 'industry', 'keyword'] as const).forEach((k) => merged[k] && p.set(k, merged[k].trim()));
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: draft.trim() });
  };
  const filtered = Boolean(region || industry || keyword);
  const filters = useMerchantFilters();
  const regions = withCurrent(filters.data?.regions ?? MERCHANT_REGIONS, region);
  const industries = withCurrent(filters.data?.industries ?? MERCHANT_INDUSTRIES, industry);

  return (
    <SitePage title="商家名录" crumb="商家名录" lead="标书编制团队、招标代理、造价咨询与资质服务机构，按地区和行业找到合适的合作伙伴。">
      <form className="sx-filters" onSubmit={onSearch} role="search">
        <label className="sx-field">
          <span>地区</span>
          <select value={region} onChange={(e) => go({ region: e.target.value })} aria-label="地区">
            <option value="">全部地区</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="sx-field">
          <span>行业</span>
          <select value={industry} onChange={(e) => go({ industry: e.target.value })} aria-label="行业">
            <option value="">全部行业</option>
            {industries.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="sx-field sx-field--grow">
          <span>关键词</span>
          <input
            type="search"
            value={draft}
            maxLength={40}
            placeholder="商家名称或服务，如：标书代写"
            aria-label="关键词"
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <div className="sx-filters__actions">
          <button type="submit" className="btz-btn btz-btn--primary">
            搜索
          </button>
          {filtered ? (
            <button type="button" className="btz-btn" onClick={() => setParams(new URLSearchParams())}>
              重置
            </button>
          ) : null}
        </div>
      </form>

      {isPending ? (
        <ListSkeleton rows={3} />
      ) : isError ? (
        <StateBox kind="error" title="商家名录加载失败" text={errorText(error)} onRetry={() => void refetch()} />
      ) : data.records.length === 0 ? (
        <StateBox
          kind="empty"
          title={filtered ? '没有找到符合条件的商家' : '暂无入驻商家'}
          text={filtered ? '换个地区、行业或关键词试试。' : '商家入驻通道已开放，欢迎服务机构申请入驻。'}
          action={
            filtered ? (
              <button type="button" className="btz-btn" onClick={() => setParams(new URLSearchParams())}>
                清除筛选
              </button>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className="sx-count sx-count--top">共找到 {data.total} 家商家</p>
          <ul className={`sx-merchants${isFetching ? ' is-stale' : ''}`}>
            {data.records.map((m) => (
              <MerchantCard key={m.id} m={m} />
            ))}
          </ul>
          <Pager current={data.current || current} pages={data.pages || Math.ceil(data.total / SIZE)} onChange={(page) => go({ page })} />
        </>
      )}

      <section className="sx-join">
        <div>
          <h2>成为入驻商家</h2>
          <p>在目录中展示您的服务与案例，承接平台投标企业的标书编制、资质办理、造价咨询等需求。</p>
        </div>
        <Link className="btz-btn btz-btn--primary btz-btn--lg" to="/home/business.html">
          申请入驻
        </Link>
      </section>
    </SitePage>
  );
}
