import { Spin } from 'antd';

/** What a route shows while its screen's code is loading. */
export function PageSpinner() {
  return (
    <div data-testid="page-spinner" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  );
}
