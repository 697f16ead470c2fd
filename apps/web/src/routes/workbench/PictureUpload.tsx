import { PictureUploadPage } from '../../features/pictures/PictureUploadPage';

/** /workbench/picture/upload */
export default function PictureUpload() {
  return <PictureUploadPage />;
}
