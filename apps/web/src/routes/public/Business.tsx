import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { maskPhone } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { boot } from '../../lib/boot';
import { errorText, siteApi, type CollabForm } from '../../features/site/api';
import { COLLAB_LIMITS, COLLAB_NEEDS, validateCollab, type CollabErrors } from '../../features/site/collab';
import '../../features/site/site-pages.css';

const EMPTY: CollabForm = { company: '', name: '', phone: '', city: '', need: '', remark: '' };

const WAYS = [
  { title: '渠道代理', text: '面向招标代理、软件服务商与咨询机构，区域独家代理与分润政策。' },
  { title: '企业团队采购', text: '多人协作、统一开票、企业会员与份数批量采购，专属客户经理跟进。' },
  { title: '私有化部署', text: '对数据安全有要求的集团与国企，支持本地部署与定制化开发。' },
  { title: '商家入驻', text: '标书编制、资质办理、造价咨询等服务商入驻商家目录，承接平台需求。' },
];

function Field({ label, name, error, required, children }: { label: string; name: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`sx-form__row${error ? ' has-error' : ''}`}>
      <label htmlFor={`collab-${name}`}>
        {required ? <span className="sx-req">*</span> : null}
        {label}
      </label>
      {children}
      {error ? (
        <p className="sx-form__error" id={`collab-${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** /home/business.html — business cooperation: the ways to work together and the appointment form (saveCollabAppoint). */
export default function Business() {
  const { branding } = boot();
  const [form, setForm] = useState<CollabForm>(EMPTY);
  const [errors, setErrors] = useState<CollabErrors>({});
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({ mutationFn: siteApi.saveCollab, onSuccess: () => setDone(true) });

  const set = (k: keyof CollabForm) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [k]: value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateCollab(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#collab-${first}`)?.focus();
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as unknown as CollabForm;
    save.mutate(trimmed);
  };

  const aria = (k: keyof CollabForm) => ({
    id: `collab-${k}`,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `collab-${k}-error` : undefined,
  });

  return (
    <SitePage title="商务合作" lead="渠道代理、企业团队采购、私有化部署与商家入驻，留下联系方式，商务经理会在一个工作日内与您联系。">
      <div className="sx-biz">
        <div className="sx-biz__ways">
          {WAYS.map((w) => (
            <div key={w.title} className="sx-card">
              <h2>{w.title}</h2>
              <p>{w.text}</p>
            </div>
          ))}
          <div className="sx-card sx-card--plain">
            <h2>直接联系</h2>
            <ul className="sx-contact-list">
              {branding.phone ? (
                <li>
                  商务电话：<a href={`tel:${branding.phone}`}>{branding.phone}</a>
                </li>
              ) : null}
              {branding.email ? (
                <li>
                  商务邮箱：<a href={`mailto:${branding.email}`}>{branding.email}</a>
                </li>
              ) : null}
              <li>工作时间：工作日 9:00 – 18:00</li>
            </ul>
          </div>
        </div>

        <div className="sx-biz__form">
          {done ? (
            <div className="sx-success" role="status">
              <div className="sx-success__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="34" height="34" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              </div>
              <h2>提交成功</h2>
              <p>感谢您的关注！我们已收到「{form.company.trim()}」的合作申请，商务经理将在一个工作日内致电 {maskPhone(form.phone.trim())} 与您联系。</p>
              <div className="sx-back">
                <Link className="btz-btn btz-btn--primary" to="/">
                  返回首页
                </Link>
                <button
                  type="button"
                  className="btz-btn"
                  onClick={() => {
                    setForm(EMPTY);
                    setDone(false);
                    save.reset();
                  }}
                >
                  再提交一份
                </button>
              </div>
            </div>
          ) : (
            <form ref={formRef} className="sx-form" noValidate onSubmit={onSubmit} aria-label="商务合作申请">
              <h2>预约商务洽谈</h2>
              <Field label="公司名称" name="company" error={errors.company} required>
                <input {...aria('company')} value={form.company} onChange={set('company')} maxLength={COLLAB_LIMITS.company} placeholder="请输入公司全称" autoComplete="organization" />
              </Field>
              <div className="sx-form__pair">
                <Field label="联系人" name="name" error={errors.name} required>
                  <input {...aria('name')} value={form.name} onChange={set('name')} maxLength={COLLAB_LIMITS.name} placeholder="您的姓名" autoComplete="name" />
                </Field>
                <Field label="手机号" name="phone" error={errors.phone} required>
                  <input {...aria('phone')} value={form.phone} onChange={set('phone')} maxLength={11} inputMode="numeric" placeholder="11 位手机号" autoComplete="tel" />
                </Field>
              </div>
              <div className="sx-form__pair">
                <Field label="所在城市" name="city" error={errors.city}>
                  <input {...aria('city')} value={form.city} onChange={set('city')} maxLength={COLLAB_LIMITS.city} placeholder="如：杭州" />
                </Field>
                <Field label="合作类型" name="need" error={errors.need}>
                  <select {...aria('need')} value={form.need} onChange={set('need')}>
                    <option value="">请选择合作类型</option>
                    {COLLAB_NEEDS.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Field label="需求说明" name="remark" error={errors.remark}>
                <textarea
                  {...aria('remark')}
                  value={form.remark}
                  onChange={set('remark')}
                  rows={4}
                  maxLength={COLLAB_LIMITS.remark}
                  placeholder="简单介绍您的业务、团队规模或合作设想（选填）"
                />
                <span className="sx-form__count">
                  {form.remark.length}/{COLLAB_LIMITS.remark}
                </span>
              </Field>
              {save.isError ? (
                <p className="sx-form__error sx-form__error--block" role="alert">
                  提交失败：{errorText(save.error)}
                </p>
              ) : null}
              <button type="submit" className="btz-btn btz-btn--primary btz-btn--lg sx-form__submit" disabled={save.isPending}>
                {save.isPending ? '正在提交…' : '提交申请'}
              </button>
              <p className="sx-form__note">提交即表示您同意我们就合作事宜与您联系；您的信息仅用于本次商务沟通。</p>
            </form>
          )}
        </div>
      </div>
    </SitePage>
  );
}
