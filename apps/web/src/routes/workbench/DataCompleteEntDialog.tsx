import { useNavigate } from 'react-router';
import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';
import { CompleteEntDialog } from '../../features/enterprise/CompleteEntDialog';

const INFO = '/workbench/data/EnterpriseInfo';

/** /workbench/data/CompleteEntDialog: the dialog open on its own page (both answers lead on to the full info). */
export default function DataCompleteEntDialog() {
  const navigate = useNavigate();
  return (
    <>
      <WorkbenchScreen
        purpose="完善企业信息"
        detail="填写企业名称、统一社会信用代码、法定代表人等基本信息，AI 编写标书时只会使用你确认过的企业事实。"
        action={{ label: '填写完整企业信息', to: INFO }}
      />
      <CompleteEntDialog
        open
        onDone={() => navigate(INFO)}
        onSkip={() => navigate(INFO)}
        onCancel={() => navigate('/workbench/DataBank')}
      />
    </>
  );
}
