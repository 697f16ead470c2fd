import { ReportFrame } from './ReportFrame';
import { CheckTable, CommonTable, ReportTable } from './tables';

/** /workbench/tools/components/CheckTableData?id= */
export function CheckTablePage() {
  return <ReportFrame title="两两对比明细">{(r) => <div className="wb-card dup-card"><CheckTable report={r} /></div>}</ReportFrame>;
}

/** /workbench/tools/components/CommonTableData?id= — every shared passage, side by side */
export function CommonTablePage() {
  return <ReportFrame title="雷同段落">{(r) => <div className="wb-card dup-card"><CommonTable report={r} /></div>}</ReportFrame>;
}

/** /workbench/tools/components/ReportTableData?id= — the evidence of every dimension */
export function ReportTablePage() {
  return <ReportFrame title="证据明细">{(r) => <div className="wb-card dup-card"><ReportTable report={r} /></div>}</ReportFrame>;
}
