import { INDUSTRIES, PROOF } from './content';

/** Proof: what the product does, in numbers, and the industries it writes for. */
export function ProofBand() {
  return (
    <section className="home-proof" aria-label="产品数据">
      <div className="home-proof__inner">
        <div className="home-proof__numbers">
          {PROOF.map((p) => (
            <div key={p.label} className="home-proof__item">
              <div className="home-proof__value">
                {p.value}
                <small>{p.unit}</small>
              </div>
              <div className="home-proof__label">{p.label}</div>
            </div>
          ))}
        </div>
        <div className="home-proof__industries">
          <span>适用行业</span>
          {INDUSTRIES.map((i) => (
            <em key={i}>{i}</em>
          ))}
        </div>
      </div>
    </section>
  );
}
