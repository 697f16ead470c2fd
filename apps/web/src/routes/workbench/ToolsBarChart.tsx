import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/barChart */
export default function ToolsBarChart() {
  return (
    <WorkbenchScreen
      purpose="还没有相似度图表"
      detail="完成一次标书查重后，这里会用柱状图展示各章节之间的相似度。"
      action={{ label: '开始查重', to: '/workbench/tools/BiddingCheck' }}
      secondary={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
