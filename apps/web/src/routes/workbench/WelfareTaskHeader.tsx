import { WelfareScreen } from '../../features/welfare/WelfareScreen';

/** /workbench/welfareCenter/component/TaskHeader */
export default function WelfareTaskHeader() {
  return <WelfareScreen part="header" />;
}
