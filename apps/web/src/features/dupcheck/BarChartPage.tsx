import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Select } from 'antd';
import type { DupReport } from '@btz/shared';
import { ReportFrame } from './ReportFrame';

/** /workbench/tools/barChart?id=: the similarity of each chapter pair of a pair of bids, as a bar chart (G2, loaded only here). */
export function BarChartPage() {
  return <ReportFrame title="章节相似度图表">{(r) => <SectionChart report={r} />}</ReportFrame>;
}

function SectionChart({ report }: { report: DupReport }) {
  const pairs = useMemo(() => [...report.pairs].sort((x, y) => y.score - x.score), [report]);
  const [pick, setPick] = useState(pairs[0] ? `${pairs[0].a}-${pairs[0].b}` : '');
  const pair = pairs.find((p) => `${p.a}-${p.b}` === pick);
  const data = (pair?.sections ?? []).slice(0, 20).map((s) => ({ label: `${s.a} ↔ ${s.b}`.slice(0, 60), similarity: s.similarity }));
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current || !data.length) return;
    let chart: { destroy(): void } | null = null;
    let gone = false;
    void import('@antv/g2').then(({ Chart }) => {
      if (gone || !el.current) return;
      const c = new Chart({ container: el.current, autoFit: true, height: Math.max(240, data.length * 34 + 60) });
      c.interval()
        .data(data)
        .encode('x', 'label')
        .encode('y', 'similarity')
        .encode('color', (d: { similarity: number }) => (d.similarity >= 0.5 ? '高' : d.similarity >= 0.2 ? '中' : '低'))
        .scale('color', { domain: ['高', '中', '低'], range: ['#cf1322', '#d48806', '#69b1ff'] })
        .scale('y', { domain: [0, 1] })
        .coordinate({ transform: [{ type: 'transpose' }] })
        .axis('y', { title: '相似度', labelFormatter: '.0%' })
        .axis('x', { title: false })
        .label({ text: 'similarity', formatter: '.0%', position: 'right' })
        .legend(false);
      void c.render();
      chart = c;
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [data]);
  return (
    <div className="wb-card dup-card">
      <div className="dup-chart-bar dup-noprint">
        <span>文件对：</span>
        <Select
          value={pick}
          onChange={setPick}
          style={{ minWidth: 420 }}
          options={pairs.map((p) => ({ value: `${p.a}-${p.b}`, label: `${report.files[p.a]!.name} ↔ ${report.files[p.b]!.name}（${p.score} 分）` }))}
          data-testid="pair-select"
        />
      </div>
      {data.length ? <div ref={el} className="dup-chart" data-testid="bar-chart" /> : <Empty description="这对文件没有相似的章节" />}
    </div>
  );
}
