/**
 * A calm green: food and health, without the alarm of a saturated colour on all-day screens. Dark
 * enough for its words to be read (WCAG AA, 4.5:1): 5.3:1 on white, 4.9:1 on the page's grey, and
 * white words on it 5.3:1. Hovered and pressed it darkens, so it never drops below that.
 */
export const PRIMARY = '#297a4c';
export const PRIMARY_HOVER = '#226a41';
export const PRIMARY_ACTIVE = '#1d5a37';

/**
 * The few antd token values that plain elements use (the sign-in page draws without antd, so that
 * its download stays small), the same as the theme's.
 */
export const TOKENS = {
  text: 'rgba(0, 0, 0, 0.88)',
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  bgLayout: '#f4f7f5',
  bgContainer: '#ffffff',
  borderSecondary: '#f0f0f0',
  /** Fields' and buttons' borders: 3.5:1 on white, 3.3:1 on the page's grey. */
  border: '#888888',
  error: '#cf1322',
  radius: 8,
  radiusLG: 8,
  fontSize: 14,
} as const;
