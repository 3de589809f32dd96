import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ru_RU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client.ts';
import { theme } from './theme.ts';

dayjs.locale('ru');

/** Everything a screen may rely on: data cache, Russian antd, theme, and antd's message/modal hooks. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app (not per module) so tests can mount a fresh one.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ru_RU} theme={theme}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
