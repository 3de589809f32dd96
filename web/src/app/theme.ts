import type { ThemeConfig } from 'antd';

import { PRIMARY, PRIMARY_ACTIVE, PRIMARY_HOVER, TOKENS } from '../ui/tokens.ts';

export { PRIMARY };

/**
 * Every text at least 4.5:1 against what it is drawn on (WCAG 2.1 AA), set here once rather than
 * screen by screen: antd's secondary greys (#8c8c8c, 3.4:1), placeholders (#bfbfbf, 1.8:1) and its
 * bright status colours (success #52c41a 2.3:1, error #ff4d4f 3.3:1, warning #faad14 1.9:1) are
 * darkened; disabled controls keep their pale look (WCAG leaves them out). What shows a control and
 * the keyboard's focus is at least 3:1: the fields' and buttons' borders (antd's #d9d9d9 is 1.4:1)
 * and the focus ring, drawn in the brand green (antd draws it in a pale tint, 1.9:1).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorPrimaryActive: PRIMARY_ACTIVE,
    colorLink: PRIMARY,
    colorLinkHover: PRIMARY_HOVER,
    colorLinkActive: PRIMARY_ACTIVE,
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.25)',
    colorBorder: TOKENS.border,
    colorPrimaryBorder: PRIMARY,
    colorSuccess: '#237804',
    colorError: '#cf1322',
    colorWarning: '#ad4e00',
    green: '#237804',
    gold: '#ad6800',
    orange: '#ad4e00',
    borderRadius: 8,
    fontSize: 14,
    colorBgLayout: TOKENS.bgLayout,
  },
  components: {
    // An empty table's «no data» is read, not a disabled control.
    Empty: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
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
