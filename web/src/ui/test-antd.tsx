import { waitFor } from '@testing-library/react';
import { ConfigProvider, message, Modal } from 'antd';

// jsdom never ends a CSS transition, so a closing message or dialog would stay mounted forever:
// the static holders (message, Modal.confirm) render without motion in tests.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>,
});

/**
 * antd's message and confirm dialogs render in a React root of their own, outside what a test
 * mounted. Close them and let that root finish before the next test (or before jsdom is torn
 * down, when React would flush effects into a window that no longer exists).
 */
export async function settleAntd(): Promise<void> {
  message.destroy();
  Modal.destroyAll();
  await waitFor(
    () => {
      if (document.querySelector('.ant-message-notice, .ant-modal-confirm')) throw new Error('still open');
    },
    { timeout: 5000 },
  );
  await new Promise((r) => setTimeout(r, 50));
}
