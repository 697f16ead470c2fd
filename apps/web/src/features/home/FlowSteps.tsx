import { STEPS } from './content';
import { Icon } from './icons';

/** The four-step flow: 上传招标文件 → AI解析 → 生成大纲 → 一键成文. */
export function FlowSteps() {
  return (
    <section className="home-tint" aria-labelledby="flow-title">
      <div className="home-section">
        <div className="home-section__head">
          <span className="home-eyebrow">使用流程</span>
          <h2 id="flow-title">四步完成一份标书</h2>
          <p>长任务都在后台进行，每一步都能看到进度，随时离开、随时回来。</p>
        </div>
        <ol className="home-flow">
          {STEPS.map((s, i) => (
            <li key={s.title} className="home-flow__step">
              <div className="home-flow__num">{String(i + 1).padStart(2, '0')}</div>
              <div className="home-flow__icon">
                <Icon name={s.icon} size="1.75rem" />
              </div>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
