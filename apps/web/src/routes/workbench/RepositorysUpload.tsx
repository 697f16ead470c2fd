import { UploadPage } from '../../features/repository/UploadPage';

/** /workbench/repositorys/upload */
export default function RepositorysUpload() {
  return <UploadPage />;
}
