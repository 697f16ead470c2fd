import { PictureLibraryPage } from '../../features/pictures/PictureLibraryPage';

/** /workbench/PictureLibrary */
export default function PictureLibrary() {
  return <PictureLibraryPage />;
}
