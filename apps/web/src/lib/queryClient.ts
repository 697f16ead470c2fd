import { QueryClient } from '@tanstack/react-query';

/** One query cache for the app; cleared at logout so no user's data outlives the session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
