import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enterpriseKeys, fetchEnterpriseInfo, missingIn, saveEnterpriseInfo, type EnterpriseInfoInput } from './api';

/** The saved enterprise info (every field present; empty before the first save). */
export function useEnterpriseInfo(enabled = true) {
  return useQuery({ queryKey: enterpriseKeys.info, queryFn: fetchEnterpriseInfo, enabled, staleTime: 0 });
}

/** Saves (part of) the info and puts the server's answer in the cache. */
export function useSaveEnterpriseInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<EnterpriseInfoInput>) => saveEnterpriseInfo(body),
    onSuccess: (info) => qc.setQueryData(enterpriseKeys.info, info),
  });
}

/** The missing essentials as a hook: `null` while loading. */
export function useMissingEssentials(enabled = true): string[] | null {
  const q = useEnterpriseInfo(enabled);
  return q.data ? missingIn(q.data) : null;
}
