import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { queryClient } from './lib/queryClient';

/**
 * Providers: the query cache and the router. antd's ConfigProvider (zh_CN, brand theme) wraps the antd parts only
 * (AntdProvider in the workbench layout and the login dialog; holderRender for toasts and dialogs).
 */
export function App() {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
