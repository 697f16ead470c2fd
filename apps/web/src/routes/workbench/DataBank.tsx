import { DataBankPage } from '../../features/databank/DataBankPage';

/** /workbench/DataBank */
export default function DataBank() {
  return <DataBankPage />;
}
