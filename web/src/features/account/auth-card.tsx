import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of a public account page; the public layout puts the brand above it. */
export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Card style={{ width: '100%', maxWidth: width }} styles={{ body: { padding: 28 } }}>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 24, textAlign: 'center' }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
