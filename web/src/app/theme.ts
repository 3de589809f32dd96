import type { ThemeConfig } from 'antd';

import { PRIMARY, TOKENS } from '../ui/tokens.ts';

export { PRIMARY };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    borderRadius: 8,
    fontSize: 14,
    colorBgLayout: TOKENS.bgLayout,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 24px', footerBg: 'transparent' },
    Menu: { horizontalItemSelectedColor: PRIMARY, itemBg: 'transparent', itemSelectedBg: '#e6f4ec' },
  },
};

/** Asked for by the system setting "show animations: off", common on old, slow computers. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The theme, without antd's animations when the user's system asks for reduced motion. */
export const themeFor = (reducedMotion: boolean): ThemeConfig =>
  reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;

/**
 * What a ConfigProvider takes for the motion setting: the theme, and no click ripple when reduced
 * motion is asked (antd's wave ignores the theme's motion: its transitions last a fixed 0.4 s and 2 s).
 */
export const motionSettings = (reducedMotion: boolean) => ({
  theme: themeFor(reducedMotion),
  wave: { disabled: reducedMotion },
});
