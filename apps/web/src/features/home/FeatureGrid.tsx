import { FEATURES } from './content';
import { Icon } from './icons';

/** 产品功能: the nine promises of the product. */
export function FeatureGrid() {
  return (
    <section className="home-section" id="features" aria-labelledby="features-title">
      <div className="home-section__head">
        <span className="home-eyebrow">产品功能</span>
        <h2 id="features-title">从读懂招标文件，到交出一份完整的投标文件</h2>
        <p>每一步都由 AI 完成繁重的工作，由你把握关键的判断。</p>
      </div>
      <div className="home-features">
        {FEATURES.map((f) => (
          <article key={f.title} className="home-feature">
            <div className="home-feature__icon">
              <Icon name={f.icon} size="1.625rem" />
            </div>
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
