import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/data/EnterpriseInfo */
export default function DataEnterpriseInfo() {
  return (
    <WorkbenchScreen
      purpose="企业信息尚未填写"
      detail="企业名称、信用代码、法定代表人、资质、人员与业绩——AI 只会使用你在这里确认过的企业事实。"
      action={{ label: '上传企业资料', to: '/workbench/data/upload' }}
      secondary={{ label: '返回资料库', to: '/workbench/DataBank' }}
    />
  );
}
