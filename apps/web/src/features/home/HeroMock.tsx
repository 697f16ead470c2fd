/** A drawn product shot for the hero: the bid workspace with its stepper, outline, streaming text and health score. */
export function HeroMock() {
  const steps = ['上传', '解析', '目录', '生成全文', '检查', '导出'];
  const outline: [string, string, 'done' | 'writing' | 'empty'][] = [
    ['1', '投标函及投标函附录', 'done'],
    ['2', '法定代表人身份证明', 'done'],
    ['3', '技术方案', 'writing'],
    ['3.1', '项目理解与需求分析', 'done'],
    ['3.2', '总体设计方案', 'writing'],
    ['3.3', '实施计划与进度保障', 'empty'],
    ['4', '售后服务承诺', 'empty'],
  ];
  return (
    <div className="hero-mock" aria-hidden="true">
      <div className="hero-mock__bar">
        <i />
        <i />
        <i />
        <span>某市智慧政务平台建设项目 · 投标文件</span>
      </div>
      <div className="hero-mock__steps">
        {steps.map((s, i) => (
          <span key={s} className={i < 3 ? 'is-done' : i === 3 ? 'is-current' : ''}>
            {s}
          </span>
        ))}
      </div>
      <div className="hero-mock__body">
        <ul className="hero-mock__tree">
          {outline.map(([n, t, st]) => (
            <li key={n} className={`${n.includes('.') ? 'is-sub ' : ''}is-${st}`}>
              <b />
              <em>{n}</em> {t}
            </li>
          ))}
        </ul>
        <div className="hero-mock__doc">
          <h4>3.2 总体设计方案</h4>
          <p className="hero-mock__line" style={{ width: '96%' }} />
          <p className="hero-mock__line" style={{ width: '88%' }} />
          <p className="hero-mock__line" style={{ width: '92%' }} />
          <p className="hero-mock__line" style={{ width: '60%' }} />
          <p className="hero-mock__line hero-mock__line--typing" style={{ width: '42%' }} />
          <div className="hero-mock__progress">
            <span>全文生成中 18 / 26 节</span>
            <div>
              <i style={{ width: '69%' }} />
            </div>
          </div>
        </div>
      </div>
      <div className="hero-mock__score">
        <svg viewBox="0 0 36 36">
          <circle cx="18" cy="18" r="15.5" fill="none" stroke="#e8eefc" strokeWidth="4" />
          <circle
            cx="18"
            cy="18"
            r="15.5"
            fill="none"
            stroke="var(--brand-primary)"
            strokeWidth="4"
            strokeDasharray="89 97.4"
            strokeLinecap="round"
            transform="rotate(-90 18 18)"
          />
        </svg>
        <div>
          <strong>92</strong>
          <span>健康度</span>
        </div>
      </div>
    </div>
  );
}
