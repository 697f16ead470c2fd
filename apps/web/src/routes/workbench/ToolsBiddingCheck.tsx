import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/BiddingCheck */
export default function ToolsBiddingCheck() {
  return (
    <WorkbenchScreen
      purpose="标书查重"
      detail="上传两份或多份投标文件，检查文本、目录、元数据、图片与报价的雷同，扣除招标文件原文后给出相似度报告。"
      action={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
