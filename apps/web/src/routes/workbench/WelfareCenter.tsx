import { WelfareScreen } from '../../features/welfare/WelfareScreen';

/** /workbench/welfareCenter */
export default function WelfareCenter() {
  return <WelfareScreen />;
}
