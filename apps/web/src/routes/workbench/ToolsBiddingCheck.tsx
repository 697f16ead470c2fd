import { BiddingCheckPage } from '../../features/dupcheck/BiddingCheckPage';

/** /workbench/tools/BiddingCheck */
export default function ToolsBiddingCheck() {
  return <BiddingCheckPage />;
}
