import { Link } from 'react-router';
import { WORKBENCH_MENU } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { SITE_MAP } from '../../components/site/nav';
import { useActivityList, useMerchantList, useNewsList, usePageList, useQuestionList } from '../../features/site/queries';
import '../../features/site/site-pages.css';

const ALL = { current: 1, size: 50 };

interface MapLink {
  label: string;
  to: string;
}

function ContentGroup({ title, more, links, state }: { title: string; more: MapLink; links: MapLink[] | undefined; state: 'pending' | 'error' | 'success' }) {
  return (
    <section className="sx-map-list">
      <h2>
        {title}
        <Link to={more.to}>{more.label} →</Link>
      </h2>
      {state === 'pending' ? (
        <p className="sx-muted">正在加载…</p>
      ) : state === 'error' ? (
        <p className="sx-muted">列表暂时无法加载，请稍后刷新重试。</p>
      ) : !links?.length ? (
        <p className="sx-muted">暂无内容</p>
      ) : (
        <ul>
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /home/website_map.html — every public page, the workbench entries, and every news item, question, activity and merchant. */
export default function WebsiteMap() {
  const news = useNewsList(ALL);
  const questions = useQuestionList(ALL);
  const activities = useActivityList(ALL);
  const merchants = useMerchantList(ALL);
  const pages = usePageList();
  const groups = [
    {
      title: '首页与产品',
      links: [
        { label: '首页', to: '/' },
        { label: '产品功能', to: '/#features' },
        { label: '产品演示', to: '/demo' },
        { label: '使用指南', to: '/home/direction.html' },
      ],
    },
    ...SITE_MAP.filter((g) => g.title !== '产品'),
    {
      title: '账号与关于',
      links: [
        { label: '个人资料（需登录）', to: '/user/profile' },
        // the stored pages of this brand (/home/{code}.html), as the content store holds them
        ...(pages.data ?? []).map((p) => ({ label: p.title, to: `/home/${p.code}.html` })),
      ],
    },
    { title: '工作台（需登录）', links: WORKBENCH_MENU.map((m) => ({ label: m.title, to: m.path })) },
  ];
  return (
    <SitePage title="网站地图" lead="快速找到您需要的页面：站内所有栏目、资讯文章、常见问题、活动与入驻商家。">
      <div className="sitemap-grid">
        {groups.map((g) => (
          <section key={g.title} className="sitemap-group">
            <h2>{g.title}</h2>
            <ul>
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="sx-map-lists">
        <ContentGroup
          title="行业动态"
          more={{ label: '全部文章', to: '/home/industry_dynamics.html' }}
          state={news.status}
          links={news.data?.records.map((n) => ({ label: n.title, to: `/dynamic/${n.id}.html` }))}
        />
        <ContentGroup
          title="常见问题"
          more={{ label: '全部问题', to: '/home/direction.html#faq' }}
          state={questions.status}
          links={questions.data?.records.map((q) => ({ label: q.question, to: `/question/${q.id}.html` }))}
        />
        <ContentGroup
          title="活动"
          more={{ label: '福利中心', to: '/workbench/welfareCenter' }}
          state={activities.status}
          links={activities.data?.records.map((a) => ({ label: a.title, to: `/activity/${a.id}.html` }))}
        />
        <ContentGroup
          title="商家名录"
          more={{ label: '全部商家', to: '/home/merchant.html' }}
          state={merchants.status}
          links={merchants.data?.records.map((m) => ({ label: m.name, to: `/merchantDetail/${m.id}.html` }))}
        />
      </div>
    </SitePage>
  );
}
