import { ReportViewPage } from '../../features/dupcheck/ReportViewPage';

/** /workbench/tools/ReportView */
export default function ToolsReportView() {
  return <ReportViewPage />;
}
