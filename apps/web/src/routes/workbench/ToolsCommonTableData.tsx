import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/components/CommonTableData */
export default function ToolsCommonTableData() {
  return (
    <WorkbenchScreen
      purpose="还没有明细数据"
      detail="工具生成的通用明细表格将在这里展示。"
      action={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
