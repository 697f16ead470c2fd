import { FilesPage } from '../../features/repository/FilesPage';

/** /workbench/repositorys/BidDocuments */
export default function RepositorysBidDocuments() {
  return <FilesPage />;
}
