import { ExtractUploadPage } from '../../features/pictures/ExtractUploadPage';

/** /workbench/picture/ExtractUpload */
export default function PictureExtractUpload() {
  return <ExtractUploadPage />;
}
