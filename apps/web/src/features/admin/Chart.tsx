/**
 * A small line chart of our own (SVG, no library, no CDN): one line per series over the days, the largest value on the
 * y axis, the first / middle / last date under the x axis, a legend, and each point's figure in its tooltip.
 */
export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

const W = 560;
const H = 200;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };

export function LineChart({ title, dates, series, format = (v) => String(v) }: { title: string; dates: string[]; series: ChartSeries[]; format?: (v: number) => string }) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const top = max > 0 ? max : 1;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (dates.length > 1 ? (i * iw) / (dates.length - 1) : iw / 2);
  const y = (v: number) => PAD.top + ih - (v / top) * ih;
  const ticks = [...new Set([0, Math.floor((dates.length - 1) / 2), dates.length - 1])].filter((i) => i >= 0 && i < dates.length);
  return (
    <figure className="admin-chart" aria-label={title}>
      <figcaption className="admin-chart__title">
        {title}
        <span className="admin-chart__legend">
          {series.map((s) => (
            <span key={s.name}>
              <i style={{ background: s.color }} />
              {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <line x1={PAD.left} y1={PAD.top + ih} x2={W - PAD.right} y2={PAD.top + ih} stroke="#d9d9d9" />
        <line x1={PAD.left} y1={PAD.top} x2={W - PAD.right} y2={PAD.top} stroke="#f0f0f0" strokeDasharray="4 4" />
        {max > 0 && (
          <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="admin-chart__axis">
            {format(max)}
          </text>
        )}
        <text x={PAD.left - 6} y={PAD.top + ih + 4} textAnchor="end" className="admin-chart__axis">
          {format(0)}
        </text>
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor={i === 0 ? 'start' : i === dates.length - 1 ? 'end' : 'middle'} className="admin-chart__axis">
            {dates[i]!.slice(5)}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.name}>
            <polyline fill="none" stroke={s.color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={dates.length > 40 ? 1.5 : 3} fill={s.color}>
                <title>{`${dates[i]} ${s.name}：${format(v)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}
