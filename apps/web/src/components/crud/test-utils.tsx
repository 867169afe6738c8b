import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/**
 * jsdom lacks ResizeObserver, which antd's table, tabs and overflow helpers use. Kept here (not
 * in the shared test setup) so the CRUD kit's tests do not depend on it.
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Providers for rendering a list screen in a test: fresh query cache, antd in Chinese. */
export function testWrapper() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={qc}>
        <ConfigProvider locale={zhCN}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    );
  };
}

/** Renders a screen inside a router (links, navigation) with the providers of testWrapper. */
export function renderRouted(ui: ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>, { wrapper: testWrapper() });
}
