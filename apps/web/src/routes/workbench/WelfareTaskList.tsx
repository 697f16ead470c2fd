import { WelfareScreen } from '../../features/welfare/WelfareScreen';

/** /workbench/welfareCenter/component/TaskList */
export default function WelfareTaskList() {
  return <WelfareScreen part="list" />;
}
