import { UploadTender } from '../../features/bid/UploadTender';

/** /workbench/document (新建标书) */
export default function Document() {
  return <UploadTender />;
}
