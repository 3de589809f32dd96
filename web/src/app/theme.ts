import type { ThemeConfig } from 'antd';

/** A calm green: food and health, without the alarm of a saturated colour on all-day screens. */
export const PRIMARY = '#2e8b57';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    borderRadius: 8,
    fontSize: 14,
    colorBgLayout: '#f4f7f5',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 24px', footerBg: 'transparent' },
    Menu: { horizontalItemSelectedColor: PRIMARY, itemBg: 'transparent', itemSelectedBg: '#e6f4ec' },
  },
};
