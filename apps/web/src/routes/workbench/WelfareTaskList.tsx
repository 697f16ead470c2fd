import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/welfareCenter/component/TaskList */
export default function WelfareTaskList() {
  return (
    <WorkbenchScreen
      purpose="暂无任务"
      detail="新手任务、每日任务与邀请任务会在这里列出，完成后可领取优惠券或标书份数。"
      action={{ label: '返回福利中心', to: '/workbench/welfareCenter' }}
    />
  );
}
