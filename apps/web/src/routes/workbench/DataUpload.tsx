import { DataUploadPage } from '../../features/databank/DataUploadPage';

/** /workbench/data/upload */
export default function DataUpload() {
  return <DataUploadPage />;
}
