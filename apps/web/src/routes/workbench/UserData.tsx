import { WorkbenchScreen } from '../../features/workbench/WorkbenchScreen';

/** /workbench/user/userData */
export default function UserData() {
  return (
    <WorkbenchScreen
      purpose="用户资料"
      detail="修改昵称、头像、真实姓名、所在地区和邮箱，管理手机号与微信绑定。"
      action={{ label: '返回个人中心', to: '/workbench/profile' }}
    />
  );
}
