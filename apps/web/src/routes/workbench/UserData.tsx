import { UserDataScreen } from '../../features/account/UserDataScreen';

/** /workbench/user/userData */
export default function UserData() {
  return <UserDataScreen />;
}
