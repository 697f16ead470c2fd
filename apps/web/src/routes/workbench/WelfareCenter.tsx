import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/welfareCenter */
export default function WelfareCenter() {
  return (
    <WorkbenchScreen
      purpose="福利中心"
      detail="完成任务、邀请好友即可获得优惠券与标书份数奖励。"
      action={{ label: '查看任务', to: '/workbench/welfareCenter/component/TaskList' }}
      secondary={{ label: '分享有礼', to: '/workbench/welfareCenter/component/ShareDialog' }}
    />
  );
}
