import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SitePage } from '../../components/site/SitePage';
import { BrandLogo } from '../../components/BrandLogo';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';
import { asPage, errorText, siteApi } from '../../features/site/api';
import { FEEDBACK_TYPES, feedbackTypeLabel } from '../../features/site/constants';
import { StateBox, formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const CONTENT_MAX = 1000;

function FeedbackForm() {
  const qc = useQueryClient();
  const [type, setType] = useState<number>(FEEDBACK_TYPES[0]!.value);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: siteApi.addFeedback,
    onSuccess: () => {
      setSent(true);
      setContent('');
      void qc.invalidateQueries({ queryKey: ['site', 'feedback'] });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) return setError('请填写反馈内容');
    if (text.length < 5) return setError('反馈内容至少 5 个字，请描述得具体一些');
    if (text.length > CONTENT_MAX) return setError(`反馈内容不能超过 ${CONTENT_MAX} 个字`);
    setError('');
    setSent(false);
    send.mutate({ type, content: text, contact: contact.trim() });
  };
  return (
    <form className="sx-form" noValidate onSubmit={onSubmit} aria-label="意见反馈">
      <div className="sx-form__row">
        <label htmlFor="fb-type">反馈类型</label>
        <div className="sx-seg" id="fb-type" role="radiogroup" aria-label="反馈类型">
          {FEEDBACK_TYPES.map((t) => (
            <button key={t.value} type="button" role="radio" aria-checked={type === t.value} className={`sx-seg__btn${type === t.value ? ' is-active' : ''}`} onClick={() => setType(t.value)}>
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div className={`sx-form__row${error ? ' has-error' : ''}`}>
        <label htmlFor="fb-content">
          <span className="sx-req">*</span>反馈内容
        </label>
        <textarea
          id="fb-content"
          rows={5}
          maxLength={CONTENT_MAX}
          value={content}
          aria-invalid={error ? true : undefined}
          placeholder="请描述您遇到的问题或建议，如涉及某份标书，请注明标书名称"
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError('');
          }}
        />
        <span className="sx-form__count">
          {content.length}/{CONTENT_MAX}
        </span>
        {error ? (
          <p className="sx-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="sx-form__row">
        <label htmlFor="fb-contact">联系方式（选填）</label>
        <input id="fb-contact" maxLength={100} value={contact} onChange={(e) => setContact(e.target.value)} placeholder="手机号、邮箱或微信号，方便我们回复您" />
      </div>
      {send.isError ? (
        <p className="sx-form__error sx-form__error--block" role="alert">
          提交失败：{errorText(send.error)}
        </p>
      ) : null}
      {sent ? (
        <p className="sx-form__ok" role="status">
          感谢您的反馈！我们会在 1–2 个工作日内处理，处理结果可在下方「我的反馈」中查看。
        </p>
      ) : null}
      <button type="submit" className="btz-btn btz-btn--primary sx-form__submit" disabled={send.isPending}>
        {send.isPending ? '正在提交…' : '提交反馈'}
      </button>
    </form>
  );
}

function FeedbackList() {
  const { data, isPending, isError, error, refetch } = useQuery({
    queryKey: ['site', 'feedback', 1],
    queryFn: async () => asPage(await siteApi.feedbackList(1, 20), 1, 20),
  });
  if (isPending) return <p className="sx-muted">正在加载我的反馈…</p>;
  if (isError) return <StateBox kind="error" title="反馈记录加载失败" text={errorText(error)} onRetry={() => void refetch()} />;
  if (!data.records.length) return <p className="sx-muted">您还没有提交过反馈。</p>;
  return (
    <ul className="sx-feedback">
      {data.records.map((f) => (
        <li key={f.id}>
          <div className="sx-feedback__meta">
            <span className="sx-chip">{f.typeLabel || feedbackTypeLabel(f.type)}</span>
            <time>{formatDate(f.createTime, true)}</time>
            <span className={`sx-status${f.reply ? '' : ' is-pending'}`}>{f.reply ? '已回复' : '处理中'}</span>
          </div>
          <p className="sx-feedback__content">{f.content}</p>
          {f.reply ? (
            <p className="sx-feedback__reply">
              <strong>客服回复{f.replyTime ? `（${formatDate(f.replyTime, true)}）` : ''}：</strong>
              {f.reply}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** /home/CustomerService — contact channels, the support QR, hours; feedback (logged in) and the user's own feedback list. */
export default function CustomerService() {
  const { branding } = boot();
  const brand = brandName(branding);
  const loggedIn = useUser((s) => Boolean(s.token));
  const qr = branding.wechat2 || branding.wechat;
  return (
    <SitePage title="客服中心" lead="遇到问题？我们在工作日 9:00–18:00 为您服务，非工作时间的留言会在下一个工作日优先处理。">
      <div className="sx-channels">
        <div className="sx-card">
          <h2>客服电话</h2>
          {branding.phone ? (
            <a className="sx-channels__big" href={`tel:${branding.phone}`}>
              {branding.phone}
            </a>
          ) : (
            <p className="sx-muted">请通过微信客服或邮箱联系我们</p>
          )}
          <p>工作日 9:00 – 18:00</p>
        </div>
        <div className="sx-card">
          <h2>电子邮箱</h2>
          {branding.email ? (
            <a className="sx-channels__big sx-channels__mail" href={`mailto:${branding.email}`}>
              {branding.email}
            </a>
          ) : (
            <p className="sx-muted">暂未提供</p>
          )}
          <p>商务合作、发票与对公转账</p>
        </div>
        <div className="sx-card sx-channels__qr">
          <div>
            <h2>微信客服</h2>
            <p>微信扫码添加{brand}客服，使用问题实时解答。</p>
          </div>
          {qr ? (
            <img src={qr} alt={`${brand}微信客服二维码`} width={120} height={120} loading="lazy" />
          ) : (
            <div className="sx-qr-fallback">
              <BrandLogo src={branding.homeLogoDark} height="1.6rem" />
            </div>
          )}
        </div>
      </div>

      <div className="sx-cs">
        <section className="sx-cs__main">
          <h2 className="sx-h2">意见反馈</h2>
          {loggedIn ? (
            <>
              <FeedbackForm />
              <h2 className="sx-h2">我的反馈</h2>
              <FeedbackList />
            </>
          ) : (
            <div className="sx-login-prompt">
              <p>登录后即可提交意见反馈，并查看客服对您反馈的处理进度与回复。</p>
              <button type="button" className="btz-btn btz-btn--primary" onClick={() => openLogin({ redirect: '/home/CustomerService' })}>
                登录后反馈
              </button>
            </div>
          )}
        </section>
        <aside className="sx-cs__side">
          <h2 className="sx-h2">自助服务</h2>
          <ul className="sx-links">
            <li>
              <Link to="/home/direction.html">使用指南：从上传到导出</Link>
            </li>
            <li>
              <Link to="/home/direction.html#faq">常见问题</Link>
            </li>
            <li>
              <Link to="/home/pay_agreement.html">支付协议与退款说明</Link>
            </li>
            <li>
              <Link to="/home/business.html">商务合作与企业采购</Link>
            </li>
            <li>
              <Link to="/demo">产品演示</Link>
            </li>
          </ul>
        </aside>
      </div>
    </SitePage>
  );
}
