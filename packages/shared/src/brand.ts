import { TENANTS, type BrandDomain } from './constants.js';

/** Spec §2 host behaviour: jw → first variant, bs → second, anything else → default. */
export type BrandVariant = 'jw' | 'bs' | 'default';

export function variantForHost(host: string | null | undefined): BrandVariant {
  const h = (host ?? '').toLowerCase();
  if (h.includes('jw')) return 'jw';
  if (h.includes('bs')) return 'bs';
  return 'default';
}

/** Spec §4 display mode: the stored domain value for a variant. */
export function domainForVariant(v: BrandVariant): Exclude<BrandDomain, 'fz'> {
  return v === 'default' ? 'btz' : v;
}

/** The tenant a host reaches without an operator mapping (CONVENTIONS.md Tenancy). */
export function defaultTenantForHost(host: string | null | undefined): string {
  return TENANTS[domainForVariant(variantForHost(host))];
}

export interface SeoVariant {
  /** `%s` is replaced by the page's own title; an empty page title gives `home`. */
  titleTemplate: string;
  home: string;
  description: string;
  keywords: string;
}

/**
 * Which SEO set a page uses: the host's variant (spec §2), except for a brand reached only through the operator's
 * host map (fz), which would otherwise carry another brand's name in its title.
 */
export type SeoKey = BrandVariant | 'fz';
export function seoKeyFor(variant: BrandVariant, tenantCode: string): SeoKey {
  return tenantCode === 'fz' ? 'fz' : variant;
}

/** Per-variant title template, description and keywords (spec §2). */
export const SEO: Record<SeoKey, SeoVariant> = {
  default: {
    titleTemplate: '%s - 标书AI｜AI智能标书写作平台',
    home: '标书AI｜AI智能标书写作平台 - 招标文件解析、投标文件一键生成',
    description:
      '标书AI是面向企业与个人的智能投标文件写作平台：上传招标文件，AI自动解析评分标准与废标条款，生成紧扣评分项的投标大纲，一键撰写全文，内容健康度检查，导出规范Word标书。',
    keywords: '标书AI,AI写标书,投标文件,招标文件解析,标书制作,技术标,商务标,投标大纲,标书查重',
  },
  jw: {
    titleTemplate: '%s - 金网标书｜智能投标文件编制',
    home: '金网标书｜智能投标文件编制与招投标服务平台',
    description:
      '金网标书为建筑、政府采购、IT集成等行业提供AI投标文件编制服务：招标文件智能解析、评分项逐条响应、全文自动撰写、页码与格式一键排版。',
    keywords: '金网标书,投标文件编制,标书代写,政府采购投标,工程投标,AI标书',
  },
  bs: {
    titleTemplate: '%s - 标速AI｜更快写好每一份标书',
    home: '标速AI｜更快写好每一份标书',
    description:
      '标速AI帮助投标团队在截标前从容交付：AI读懂招标文件、自动生成目录与全文、检查响应缺漏，导出带目录与页码的Word投标文件。',
    keywords: '标速AI,快速写标书,AI投标,投标文件生成,招标解析,标书排版',
  },
  fz: {
    titleTemplate: '%s - 方舟标书｜AI投标文件写作',
    home: '方舟标书｜AI投标文件写作平台',
    description:
      '方舟标书为西南地区投标企业提供AI标书写作：招标文件智能解析、评分项逐条响应的投标大纲、全文一键撰写与Word导出。',
    keywords: '方舟标书,AI标书,投标文件制作,招标文件解析,标书写作',
  },
};

/**
 * A page's title: the page's own title in the brand's template, or the brand's home title. `brandTitle` is the brand's
 * own SEO title set in the console (issue 28): it is the home title, and it replaces the variant's site name in every
 * other page's title (「{page} - {brandTitle}」), so a brand renamed by its operator carries no built-in name anywhere.
 */
export function pageTitle(v: SeoKey, title?: string | null, brandTitle?: string | null): string {
  const s = SEO[v];
  if (brandTitle) return title ? `${title} - ${brandTitle}` : brandTitle;
  return title ? s.titleTemplate.replace('%s', title) : s.home;
}
