import { DataBankPage } from '../../features/databank/DataBankPage';

/** /workbench/data/BidDocuments: the data bank's documents (the same list as /workbench/DataBank). */
export default function DataBidDocuments() {
  return <DataBankPage />;
}
