import { Link } from 'react-router';
import { FAQ } from './content';

/** A few questions every first visitor asks. */
export function HomeFaq() {
  return (
    <section className="home-section" aria-labelledby="faq-title">
      <div className="home-section__head">
        <span className="home-eyebrow">常见问题</span>
        <h2 id="faq-title">写标书之前，你可能想知道</h2>
      </div>
      <div className="home-faq">
        {FAQ.map((f) => (
          <details key={f.q} className="home-faq__item">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>
      <p className="home-faq__more">
        <Link to="/home/direction.html">查看更多常见问题 →</Link>
      </p>
    </section>
  );
}
