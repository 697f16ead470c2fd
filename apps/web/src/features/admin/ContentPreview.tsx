import { maskPhone, ACTIVITY_STATUS_LABEL, type ActivityStatus } from '@btz/shared';
import type { ContentKind } from '@btz/shared/calls';
import { NewsView } from '../../routes/public/DynamicDetail';
import { QuestionView } from '../../routes/public/QuestionDetail';
import { ActivityView } from '../../routes/public/ActivityDetail';
import { MerchantView } from '../../routes/public/MerchantDetail';
import { StaticPageView } from '../../routes/public/HomeCodePage';
import '../../styles/site.css';
import '../site/home-live.css';

type Fields = Record<string, any>;
const s = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const now = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

function activityStatus(start: string, end: string): ActivityStatus {
  const t = now();
  if (start && t < start) return 1;
  if (end && t > `${end}:59`) return 3;
  return 2;
}

/**
 * An item as the public site will show it: the public detail pages' own view components fed with the editor's fields
 * (unsaved changes included), inside the site's styles. The barrage notice shows as the home page's 公告 line.
 */
export function ContentPreview({ kind, fields }: { kind: ContentKind; fields: Fields }) {
  const title = s(fields.title);
  let view;
  switch (kind) {
    case 'news':
      view = (
        <NewsView
          item={{ id: 'preview', title, summary: s(fields.summary), cover: s(fields.cover), category: s(fields.category), tags: list(fields.tags), publishTime: s(fields.publishTime) || now(), views: 0, body: s(fields.body), prev: null, next: null }}
        />
      );
      break;
    case 'question':
      view = <QuestionView item={{ id: 'preview', question: title, category: s(fields.category), views: 0, answer: s(fields.body) }} />;
      break;
    case 'activity': {
      const status = activityStatus(s(fields.startTime), s(fields.endTime));
      view = (
        <ActivityView
          item={{ id: 'preview', title, summary: s(fields.summary), cover: s(fields.cover), startTime: s(fields.startTime), endTime: s(fields.endTime), status, statusLabel: ACTIVITY_STATUS_LABEL[status], body: s(fields.body) }}
        />
      );
      break;
    }
    case 'merchant': {
      const email = s(fields.contactEmail);
      const at = email.indexOf('@');
      view = (
        <MerchantView
          m={{
            id: 'preview',
            name: title,
            region: s(fields.region),
            industry: s(fields.industry),
            services: list(fields.services),
            intro: s(fields.body),
            logo: s(fields.cover),
            rating: Number(fields.rating) || 0,
            contactName: s(fields.contactName),
            contactPhone: fields.contactPhone ? maskPhone(s(fields.contactPhone)) : '',
            contactEmail: at > 0 ? `${email.slice(0, Math.min(2, at))}***${email.slice(at)}` : '',
          }}
        />
      );
      break;
    }
    case 'page':
      view = <StaticPageView item={{ code: s(fields.code), title, summary: s(fields.summary), body: s(fields.body), updateTime: now() }} />;
      break;
    case 'barrage':
      view = (
        <div className="hl-ticker hl-ticker--notice" aria-label="平台公告">
          <span className="hl-ticker__badge">公告</span>
          <div className="hl-ticker__viewport">
            <span>{title}</span>
          </div>
        </div>
      );
      break;
  }
  return (
    <div className="admin-preview" data-testid="content-preview">
      <div className="admin-preview__note">预览：按公开页面的样式显示（尚未保存的修改也包含在内）</div>
      <div className="site-main admin-preview__page">{view}</div>
    </div>
  );
}
