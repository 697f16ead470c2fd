import { ReportTablePage } from '../../features/dupcheck/DetailPages';

/** /workbench/tools/components/ReportTableData */
export default function ToolsReportTableData() {
  return <ReportTablePage />;
}
