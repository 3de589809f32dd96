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
