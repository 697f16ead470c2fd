import { useState } from 'react';
import type { MerchantItem } from './api';

/** The merchant's logo, or its name's first characters on a brand-tinted tile. */
export function MerchantLogo({ m, large = false }: { m: Pick<MerchantItem, 'name' | 'logo'>; large?: boolean }) {
  const [broken, setBroken] = useState(!m.logo);
  const cls = `sx-merchant__logo${large ? ' sx-merchant__logo--lg' : ''}`;
  if (!broken) return <img className={cls} src={m.logo} alt="" onError={() => setBroken(true)} />;
  const short = (m.name || '商家').replace(/^(北京|上海|广州|深圳|杭州|南京|成都|武汉|天津|重庆|西安|苏州)(市)?/, '').slice(0, 2);
  return (
    <span className={cls} aria-hidden="true">
      {short}
    </span>
  );
}

/** Five stars, filled to the rating (0–5). */
export function Rating({ value }: { value: number }) {
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className="sx-rating" aria-label={`评分 ${value.toFixed(1)} 分`}>
      <span className="sx-rating__stars" aria-hidden="true">
        ★★★★★
        <span style={{ width: `${pct}%` }}>★★★★★</span>
      </span>
      <span className="sx-rating__num">{value.toFixed(1)}</span>
    </span>
  );
}
