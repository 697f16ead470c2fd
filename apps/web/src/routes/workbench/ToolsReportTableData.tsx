import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/components/ReportTableData */
export default function ToolsReportTableData() {
  return (
    <WorkbenchScreen
      purpose="还没有报告明细"
      detail="查重报告的分项统计表将在这里展示。"
      action={{ label: '查看查重报告', to: '/workbench/tools/ReportView' }}
    />
  );
}
