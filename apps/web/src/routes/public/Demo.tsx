import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import { useStartWriting } from '../../features/home/useStartWriting';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';
import {
  DEMO_FACTS,
  DEMO_HEALTH,
  DEMO_OUTLINE,
  DEMO_RISKS,
  DEMO_SCORING,
  DEMO_SECTION,
  DEMO_STEPS,
  DEMO_TENDER,
  type DemoNode,
} from '../../features/site/demoData';
import '../../features/site/site-pages.css';

const CAPTIONS: Record<(typeof DEMO_STEPS)[number], string> = {
  上传招标文件: '把招标文件拖进来即可，PDF、Word、扫描件都支持。',
  解析: 'AI 读完整份文件，列出项目信息、评分标准、★ 实质性条款与废标条款，每项都带原文页码。',
  目录: '按评分项逐条生成投标大纲，覆盖情况一目了然，可以自由增删与调整。',
  生成全文: '逐章撰写全文，正文紧扣招标要求；写作在后台进行，关闭页面也不中断。',
  检查: '健康度检查找出缺漏、矛盾与废标风险，告诉你先改哪里。',
  导出: '导出带封面、目录与页码的标准 Word 文件，完成编写后锁定为只读。',
};

function Upload() {
  return (
    <div className="demo-upload">
      <div className="demo-file">
        <span className="demo-file__icon" aria-hidden="true">
          PDF
        </span>
        <div>
          <strong>{DEMO_TENDER.file}</strong>
          <span>
            {DEMO_TENDER.pages} 页 · {DEMO_TENDER.size} · 上传完成
          </span>
        </div>
      </div>
      <div className="demo-progress" aria-label="解析进度 100%">
        <span style={{ width: '100%' }} />
      </div>
      <p className="sx-muted">文字识别完成，共识别 86 页（含 3 页扫描件），正在进入解析。</p>
    </div>
  );
}

function Parse() {
  return (
    <div className="demo-grid">
      <div className="demo-card">
        <h3>标书卡片</h3>
        <dl className="demo-facts">
          {DEMO_FACTS.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>
                {f.value} <span className="demo-page">P{f.page}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="demo-card">
        <h3>评分标准（100 分）</h3>
        <ul className="demo-scoring">
          {DEMO_SCORING.map((s) => (
            <li key={s.item}>
              <span className={`demo-kind demo-kind--${s.kind === '技术' ? 'tech' : s.kind === '商务' ? 'biz' : 'price'}`}>{s.kind}</span>
              <span>{s.item}</span>
              <strong>{s.points} 分</strong>
            </li>
          ))}
        </ul>
        <h3>★ 条款与废标风险</h3>
        <ul className="demo-risks">
          {DEMO_RISKS.map((r) => (
            <li key={r.text} className={r.level === 'void' ? 'is-void' : ''}>
              {r.text} <span className="demo-page">P{r.page}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Tree({ nodes }: { nodes: DemoNode[] }) {
  return (
    <ul className="demo-tree">
      {nodes.map((n) => (
        <li key={n.number}>
          <div className="demo-tree__row">
            <span className="demo-tree__num">{n.number}</span>
            <span>{n.title}</span>
            {n.score ? <span className="demo-tree__score">{n.score}</span> : null}
          </div>
          {n.children ? <Tree nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Outline() {
  return (
    <div className="demo-grid">
      <div className="demo-card">
        <h3>技术标大纲</h3>
        <Tree nodes={DEMO_OUTLINE} />
      </div>
      <div className="demo-card">
        <h3>评分项覆盖</h3>
        <ul className="demo-coverage">
          {DEMO_SCORING.filter((s) => s.kind !== '价格').map((s, i) => (
            <li key={s.item} className={i === 6 ? 'is-gap' : ''}>
              <span>{s.item}</span>
              <span>{i === 6 ? '未覆盖：建议在商务标补充业绩章节' : `→ 第 ${i + 1} 章`}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Write() {
  return (
    <div className="demo-card demo-section">
      <div className="demo-section__bar">
        <span>
          全文生成中：<strong>9 / 14</strong> 个章节
        </span>
        <div className="demo-progress">
          <span style={{ width: '64%' }} />
        </div>
      </div>
      <h3>
        {DEMO_SECTION.number} {DEMO_SECTION.title}
      </h3>
      {DEMO_SECTION.paragraphs.map((p, i) => (
        <p key={i} className={i === DEMO_SECTION.paragraphs.length - 1 ? 'demo-typing' : ''}>
          {p}
        </p>
      ))}
    </div>
  );
}

function Check() {
  const passed = DEMO_HEALTH.filter((h) => h.ok).length;
  return (
    <div className="demo-grid demo-grid--check">
      <div className="demo-card demo-score">
        <div className="demo-score__ring" aria-label="健康度 86 分">
          <strong>86</strong>
          <span>健康度</span>
        </div>
        <p>
          {passed} 项通过，{DEMO_HEALTH.length - passed} 项待处理
        </p>
      </div>
      <div className="demo-card">
        <h3>检查结果</h3>
        <ul className="demo-health">
          {DEMO_HEALTH.map((h) => (
            <li key={h.label} className={h.ok ? 'is-ok' : 'is-bad'}>
              <span aria-hidden="true">{h.ok ? '✓' : '!'}</span>
              <div>
                <strong>{h.label}</strong>
                <p>{h.note}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Export() {
  return (
    <div className="demo-export">
      <div className="demo-doc" aria-hidden="true">
        <div className="demo-doc__cover">
          <span>投标文件</span>
          <strong>江川市人民医院智慧病房信息化建设项目</strong>
          <em>项目编号：JCZC-2026-0417</em>
        </div>
      </div>
      <ul className="sx-bullets">
        <li>封面、目录、页眉页脚与页码按招标文件格式要求自动生成</li>
        <li>导出 .docx，可在 Word / WPS 中继续排版</li>
        <li>点击「完成编写」后内容锁定为只读，避免递交前误改</li>
      </ul>
    </div>
  );
}

const PANELS = [Upload, Parse, Outline, Write, Check, Export];

/** /demo — a guided, static walkthrough of the bid pipeline on one sample tender; the CTA leads to the real thing. */
export default function Demo() {
  const [step, setStepRaw] = useState(0);
  const panelRef = useRef<HTMLElement>(null);
  const start = useStartWriting();
  const brand = brandName(boot().branding);
  const setStep = (next: number | ((s: number) => number)) => {
    setStepRaw(next);
    // the step buttons sit above the panel, the previous/next buttons below it: bring the new step's heading into view
    const el = panelRef.current;
    const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 64;
    const top = el ? el.getBoundingClientRect().top : 0;
    if (el && top < header) window.scrollTo({ top: window.scrollY + top - header - 8 });
  };
  const Panel = PANELS[step]!;
  const name = DEMO_STEPS[step]!;
  return (
    <SitePage title="产品演示" lead={`以一份示例招标文件为例，六步看懂${brand}如何把招标文件变成可递交的投标文件。`}>
      <p className="demo-note">以下为示例项目的演示画面（虚构数据，非实时运行）；登录后上传您自己的招标文件即可真实体验。</p>
      <ol className="demo-steps" aria-label="演示步骤">
        {DEMO_STEPS.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              className={`demo-step${i === step ? ' is-active' : ''}${i < step ? ' is-done' : ''}`}
              aria-current={i === step ? 'step' : undefined}
              onClick={() => setStep(i)}
            >
              <span className="demo-step__num">{i < step ? '✓' : i + 1}</span>
              <span className="demo-step__label">{s}</span>
            </button>
          </li>
        ))}
      </ol>
      <section ref={panelRef} className="demo-panel" aria-live="polite" aria-labelledby="demo-step-title">
        <header className="demo-panel__head">
          <h2 id="demo-step-title">
            第 {step + 1} 步：{name}
          </h2>
          <p>{CAPTIONS[name]}</p>
        </header>
        <Panel />
        <div className="demo-panel__nav">
          <button type="button" className="btz-btn" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            上一步
          </button>
          {step < DEMO_STEPS.length - 1 ? (
            <button type="button" className="btz-btn btz-btn--primary" onClick={() => setStep((s) => s + 1)}>
              下一步：{DEMO_STEPS[step + 1]}
            </button>
          ) : (
            <button type="button" className="btz-btn btz-btn--primary" onClick={start}>
              用我的招标文件试一试
            </button>
          )}
        </div>
      </section>
      <section className="sx-join">
        <div>
          <h2>准备好写您的下一份标书了吗？</h2>
          <p>手机号或微信一键登录，上传招标文件即可免费体验解析与大纲生成。</p>
        </div>
        <div className="sx-back">
          <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={start}>
            免费开始写标书
          </button>
          <Link className="btz-btn btz-btn--lg" to="/home/direction.html">
            阅读使用指南
          </Link>
        </div>
      </section>
    </SitePage>
  );
}
