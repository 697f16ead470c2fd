import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/MetadataClearing */
export default function ToolsMetadataClearing() {
  return (
    <WorkbenchScreen
      purpose="元数据清除"
      detail="一键清除 Word 文件中的作者、单位、修订记录等隐藏信息。"
      action={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
