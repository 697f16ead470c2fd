import { ExtractImgPage } from '../../features/pictures/ExtractImgPage';

/** /workbench/picture/ExtractImg?id= */
export default function PictureExtractImg() {
  return <ExtractImgPage />;
}
