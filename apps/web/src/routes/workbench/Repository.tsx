import { RepositoryPage } from '../../features/repository/RepositoryPage';

/** /workbench/repository */
export default function Repository() {
  return <RepositoryPage />;
}
