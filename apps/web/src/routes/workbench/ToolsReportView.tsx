import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/ReportView */
export default function ToolsReportView() {
  return (
    <WorkbenchScreen
      purpose="还没有查重报告"
      detail="完成标书查重后，可在这里查看完整报告并下载 PDF / Excel 版本。"
      action={{ label: '开始查重', to: '/workbench/tools/BiddingCheck' }}
      secondary={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
