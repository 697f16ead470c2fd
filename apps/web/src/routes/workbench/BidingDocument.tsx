import { BidWorkspace } from '../../features/bid/BidWorkspace';

/** /workbench/document/BidingDocument?id={bidId}: the bid workspace */
export default function BidingDocument() {
  return <BidWorkspace />;
}
