export { CompleteEntDialog } from './CompleteEntDialog';
export { EnterpriseInfoPage } from './EnterpriseInfoPage';
export { missingEssentials, missingIn, enterpriseKeys, fetchEnterpriseInfo, saveEnterpriseInfo } from './api';
export { useEnterpriseInfo, useMissingEssentials, useSaveEnterpriseInfo } from './hooks';
