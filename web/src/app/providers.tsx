import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import kk_KZ from 'antd/locale/kk_KZ';
import ru_RU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';
import { useState, type ReactNode } from 'react';
import { FieldErrorAnnouncer } from '../ui/field-error-announcer.tsx';
import { matchesMedia, useMediaQuery } from '../ui/use-media-query.ts';
import { createQueryClient } from './query-client.ts';
import { REDUCED_MOTION_QUERY, motionSettings } from './theme.ts';
import { appLanguage } from '../i18n/texts.ts';

// The app's language is settled before this module loads (main.tsx): month and day names follow it.
const language = appLanguage();
dayjs.locale(language);
const antdLocale = language === 'kk' ? kk_KZ : ru_RU;

/**
 * Everything a screen may rely on: data cache, antd in the app's language, theme, antd's message/modal
 * hooks, and a form field's error said aloud as it appears.
 */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app (not per module) so tests can mount a fresh one.
  const [queryClient] = useState(createQueryClient);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} {...motionSettings(reducedMotion)}>
        <AntApp>
          {children}
          <FieldErrorAnnouncer />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/**
 * antd's static dialogs and messages (Modal.confirm, message) render in a root of their own: give
 * them the app's language, colours and motion setting too. Called once by the running app only, so
 * the unit tests keep their own holder.
 */
export function configureStaticHolders(): void {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider locale={antdLocale} {...motionSettings(matchesMedia(REDUCED_MOTION_QUERY))}>
        {children}
      </ConfigProvider>
    ),
  });
}
