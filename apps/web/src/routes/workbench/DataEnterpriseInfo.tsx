import { EnterpriseInfoPage } from '../../features/enterprise/EnterpriseInfoPage';

/** /workbench/data/EnterpriseInfo */
export default function DataEnterpriseInfo() {
  return <EnterpriseInfoPage />;
}
