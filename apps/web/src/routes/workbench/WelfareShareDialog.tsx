import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/welfareCenter/component/ShareDialog */
export default function WelfareShareDialog() {
  return (
    <WorkbenchScreen
      purpose="分享有礼"
      detail="复制你的专属邀请链接分享给好友，好友注册登录后你将获得奖励。"
      action={{ label: '返回福利中心', to: '/workbench/welfareCenter' }}
    />
  );
}
