import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/data/CompleteEntDialog */
export default function DataCompleteEntDialog() {
  return (
    <WorkbenchScreen
      purpose="完善企业信息"
      detail="填写企业名称、统一社会信用代码、法定代表人等基本信息，标书中的企业信息将自动填充。"
      action={{ label: '填写企业信息', to: '/workbench/data/EnterpriseInfo' }}
    />
  );
}
