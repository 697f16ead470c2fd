import { ENTERPRISE_ESSENTIALS, type EnterpriseInfo, type EnterpriseInfoInput } from '@btz/shared';
import { enterpriseCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';

export type { EnterpriseInfo, EnterpriseInfoInput } from '@btz/shared';

export const enterpriseKeys = {
  info: ['enterprise', 'info'] as const,
};

/** The callers show errors in place (the form's alert, the dialog's alert). */
const quiet = { repeatSubmit: false, silent: true } as const;

export const fetchEnterpriseInfo = () => callApi(enterpriseCalls.get, {}, quiet);

/** A field left out keeps its stored value; a list that is sent replaces the stored one. */
export const saveEnterpriseInfo = (body: Partial<EnterpriseInfoInput>) => callApi(enterpriseCalls.save, { body }, quiet);

export type EnterpriseEssential = (typeof ENTERPRISE_ESSENTIALS)[number];

/** The essentials (ENTERPRISE_ESSENTIALS) still empty in this info. */
export function missingIn(info: Pick<EnterpriseInfo, EnterpriseEssential> | null | undefined): EnterpriseEssential[] {
  return ENTERPRISE_ESSENTIALS.filter((k) => !info?.[k]?.trim());
}

/**
 * The essentials the user has not filled in yet ('name', 'creditCode', 'legalRep'): the bid workspace calls this before
 * starting a writing and opens CompleteEntDialog when the list is not empty.
 */
export async function missingEssentials(): Promise<string[]> {
  return missingIn(await fetchEnterpriseInfo());
}
