/** A calm green: food and health, without the alarm of a saturated colour on all-day screens. */
export const PRIMARY = '#2e8b57';

/**
 * The few antd token values that plain elements use (the sign-in page draws without antd, so that
 * its download stays small). They are antd's defaults for this theme.
 */
export const TOKENS = {
  text: 'rgba(0, 0, 0, 0.88)',
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  bgLayout: '#f4f7f5',
  bgContainer: '#ffffff',
  borderSecondary: '#f0f0f0',
  border: '#d9d9d9',
  error: '#ff4d4f',
  radius: 8,
  radiusLG: 8,
  fontSize: 14,
} as const;
