import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WalletCategory } from './wallet-category.tsx';

afterEach(cleanup);

describe('WalletCategory', () => {
  it('says the social wallet ended beside the category a pupil moved to, not that the category was removed', () => {
    render(
      <WalletCategory
        row={{
          foodCategory: { id: 2, name: 'Платное питание', type: 'common' },
          social_wallet_set_date: '2026-09-01',
          social_wallet_reset_date: '2026-11-20',
        }}
      />,
    );
    expect(screen.getByTestId('wallet-category').textContent).toBe('Платное питаниесоц. кошелёк снят (20.11.2026)');
  });

  it('says «удалена» when the pupil has no category left, and shows the day a wallet was set', () => {
    render(
      <WalletCategory
        row={{ foodCategory: null, social_wallet_set_date: null, social_wallet_reset_date: '2026-11-20' }}
      />,
    );
    expect(screen.getByTestId('wallet-category').textContent).toBe('удалена (20.11.2026)');
    cleanup();
    render(
      <WalletCategory
        row={{
          foodCategory: { id: 1, name: 'Социальный кошелёк', type: 'sw' },
          social_wallet_set_date: '2026-09-01',
          social_wallet_reset_date: null,
        }}
      />,
    );
    expect(screen.getByTestId('wallet-category').textContent).toBe('Социальный кошелёк(01.09.2026)');
  });

  it('shows a social wallet with an end of its own as its period, not as one taken away', () => {
    render(
      <WalletCategory
        row={{
          foodCategory: { id: 1, name: 'Социальный кошелёк', type: 'sw' },
          social_wallet_set_date: '2026-09-01',
          social_wallet_reset_date: '2027-05-26',
          social_wallet_to: '2027-05-25',
        }}
      />,
    );
    expect(screen.getByTestId('wallet-category').textContent).toBe('Социальный кошелёк(01.09.2026 – 25.05.2027)');
  });
});
