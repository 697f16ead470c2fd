import { WelfareScreen } from '../../features/welfare/WelfareScreen';

/** /workbench/welfareCenter/component/ShareDialog */
export default function WelfareShareDialog() {
  return <WelfareScreen part="share" />;
}
