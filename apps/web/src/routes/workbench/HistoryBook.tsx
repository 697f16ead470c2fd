import { BidList } from '../../features/bid/BidList';

/** /workbench/historyBook (我的标书) */
export default function HistoryBook() {
  return <BidList />;
}
