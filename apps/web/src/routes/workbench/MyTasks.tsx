import { MyTasksPage } from '../../features/team/MyTasksPage';

/** /workbench/myTasks */
export default function MyTasks() {
  return <MyTasksPage />;
}
