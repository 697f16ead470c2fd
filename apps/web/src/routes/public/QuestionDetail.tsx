import { Link, useLoaderData } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import type { QuestionDetail } from '../../features/site/api';
import type { Loaded } from '../../features/site/loaders';
import { RichText } from '../../features/site/RichText';
import { DetailError } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const LIST = '/home/direction.html#faq';

const crumb = (
  <>
    <Link to={LIST}>常见问题</Link> / 问题详情
  </>
);

/** /question/{id}.html — one question and its answer. */
export default function QuestionDetail() {
  const { item, error } = useLoaderData() as Loaded<QuestionDetail>;
  if (!item) {
    return (
      <SitePage title="常见问题" crumb={crumb}>
        <DetailError text={error ?? '问题加载失败'} back={{ label: '返回常见问题', to: LIST }} />
      </SitePage>
    );
  }
  return <QuestionView item={item} />;
}

/** A question and its answer as the public page shows them (the console's preview renders the same). */
export function QuestionView({ item }: { item: QuestionDetail }) {
  return (
    <SitePage title={item.question} crumb={crumb}>
      {item.category ? (
        <div className="sx-article-meta">
          <span className="sx-chip">{item.category}</span>
        </div>
      ) : null}
      <div className="sx-answer">
        <span className="sx-answer__mark" aria-hidden="true">
          答
        </span>
        <RichText body={item.answer} />
      </div>
      <div className="sx-help">
        <p>没有解决您的问题？</p>
        <Link className="btz-btn btz-btn--primary" to="/home/CustomerService">
          联系客服
        </Link>
        <Link className="btz-btn" to={LIST}>
          更多常见问题
        </Link>
      </div>
    </SitePage>
  );
}
