import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/tools/IpRecord */
export default function ToolsIpRecord() {
  return (
    <WorkbenchScreen
      purpose="IP 与设备记录"
      detail="查看投标文件的编辑设备与网络环境信息，避免多家投标人被认定为关联投标。"
      action={{ label: '返回标书工具', to: '/workbench/BiddingTool' }}
    />
  );
}
