import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/FileConversion */
export default function ToolsFileConversion() {
  return (
    <WorkbenchScreen
      purpose="文件转换"
      detail="在 Word、PDF 等格式之间转换投标文件，转换完成后直接下载。"
      action={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
