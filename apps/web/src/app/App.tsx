import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { AppRoutes } from '@/router/AppRoutes';
import { useSettingsStore } from '@/stores/settings';
import { antdSize, useAppStore } from '@/stores/app';
import { registerFeedback } from './feedback';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already shows every error; retries would show it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    registerFeedback(api);
    return () => registerFeedback(null);
  }, [api]);
  return null;
}

/** Providers: server state, antd in Chinese with the chosen theme colour and size, router. */
export function App() {
  const themeColor = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={zhCN}
        componentSize={antdSize(size)}
        theme={{ algorithm: antTheme.defaultAlgorithm, token: { colorPrimary: themeColor, borderRadius: 4 } }}
      >
        <AntApp>
          <FeedbackBridge />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
