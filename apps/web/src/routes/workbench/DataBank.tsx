import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/DataBank */
export default function DataBank() {
  return (
    <WorkbenchScreen
      purpose="还没有上传企业资料"
      detail="在资料库集中保存营业执照、资质证书、人员与业绩材料，AI 写标书时只引用这里的真实信息。"
      action={{ label: '上传资料', to: '/workbench/data/upload' }}
      secondary={{ label: '完善企业信息', to: '/workbench/data/EnterpriseInfo' }}
    />
  );
}
