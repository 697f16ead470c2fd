import { useState } from 'react';
import { Link } from 'react-router';
import { useQuestionList } from './queries';
import { errorText } from './api';
import { ListSkeleton, Pager, StateBox } from './ui';

/** The FAQ from the content store: each question links to its own page with the full answer. */
export function FaqList({ size = 10 }: { size?: number }) {
  const [current, setCurrent] = useState(1);
  const { data, isPending, isError, error, refetch } = useQuestionList({ current, size });
  if (isPending) return <ListSkeleton rows={3} />;
  if (isError) return <StateBox kind="error" title="常见问题加载失败" text={errorText(error)} onRetry={() => void refetch()} />;
  if (!data.records.length)
    return (
      <StateBox
        kind="empty"
        title="暂无常见问题"
        text="如有疑问，请直接联系客服。"
        action={
          <Link className="btz-btn" to="/home/CustomerService">
            联系客服
          </Link>
        }
      />
    );
  return (
    <>
      <ul className="sx-faq">
        {data.records.map((q) => (
          <li key={q.id}>
            <Link className="sx-faq__item" to={`/question/${q.id}.html`}>
              <span className="sx-faq__q" aria-hidden="true">
                问
              </span>
              <span className="sx-faq__text">{q.question}</span>
              {q.category ? <span className="sx-chip">{q.category}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      <Pager current={data.current || current} pages={data.pages} onChange={setCurrent} />
    </>
  );
}
