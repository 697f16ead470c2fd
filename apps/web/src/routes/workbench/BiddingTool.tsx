import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/BiddingTool */
export default function BiddingTool() {
  return (
    <WorkbenchScreen
      purpose="标书工具箱"
      detail="标书查重、元数据清除、文件格式转换、IP 与设备记录——递交前的最后一道检查都在这里。"
      action={{ label: '标书查重', to: '/workbench/tools/BiddingCheck' }}
      secondary={{ label: '元数据清除', to: '/workbench/tools/MetadataClearing' }}
    />
  );
}
