import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/components/CheckTableData */
export default function ToolsCheckTableData() {
  return (
    <WorkbenchScreen
      purpose="还没有查重明细"
      detail="查重报告中逐段比对的明细表将在这里展示。"
      action={{ label: '开始查重', to: '/workbench/tools/BiddingCheck' }}
    />
  );
}
