import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/welfareCenter/component/TaskHeader */
export default function WelfareTaskHeader() {
  return (
    <WorkbenchScreen
      purpose="任务概览"
      detail="这里将汇总你已获得的奖励与待完成的任务。"
      action={{ label: '查看任务列表', to: '/workbench/welfareCenter/component/TaskList' }}
    />
  );
}
