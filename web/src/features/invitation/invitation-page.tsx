import { INVITATION_CODE_PATTERN } from '@tamaq/contract/invitations';
import { Card, Descriptions, Result, Skeleton, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useBrand } from '../../lib/brand.ts';
import { useIsMobile } from '../../ui/use-is-mobile.ts';
import { useInvitation } from './api/get-invitation.ts';
import { InvitationForm } from './invitation-form.tsx';
import { invitationError } from './invitation-error.ts';
import { StoreLinks } from './store-links.tsx';

const t = i18n.invitation.page;

/**
 * docs/product.md /parent/invitation/{code}: a parent opens the mailed link (usually on a phone), accepts,
 * and is congratulated with the brand's app store links. No redirect: the app is where they go next.
 */
export function InvitationPage() {
  const code = useParams().code ?? '';
  const wellFormed = INVITATION_CODE_PATTERN.test(code);
  const invitation = useInvitation(code, wellFormed);
  const [accepted, setAccepted] = useState(false);
  const brand = useBrand();
  const mobile = useIsMobile();

  let body: ReactNode;
  if (!wellFormed || invitation.isError) {
    const text = wellFormed ? invitationError(invitation.error) : t.errors.notFound;
    body = (
      <Result
        status="warning"
        style={{ paddingInline: 0 }}
        title={
          <span data-testid="invitation-error" style={{ fontSize: 18, lineHeight: 1.5, display: 'block' }}>
            {text}
          </span>
        }
      />
    );
  } else if (invitation.isPending) {
    body = (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 32 }} data-testid="invitation-loading">
        <Spin size="large" />
      </div>
    );
  } else if (accepted) {
    body = (
      <Result
        status="success"
        style={{ paddingInline: 0 }}
        title={<span data-testid="invitation-done">{t.done}</span>}
        subTitle={brand ? t.doneText(brand.name, invitation.data.email) : null}
        extra={brand ? <StoreLinks brand={brand} stacked={mobile} /> : <Skeleton active />}
      />
    );
  } else {
    body = (
      <>
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            { key: 'child', label: t.child, children: <strong>{invitation.data.pupil_name}</strong> },
            { key: 'email', label: t.email, children: invitation.data.email },
          ]}
        />
        <InvitationForm code={code} invitation={invitation.data} onAccepted={() => setAccepted(true)} />
      </>
    );
  }

  return (
    <Card
      style={{ width: '100%', maxWidth: 480 }}
      styles={{ body: { padding: mobile ? 20 : 28 } }}
      data-testid="invitation-page"
    >
      <Typography.Title level={mobile ? 4 : 3} style={{ marginTop: 0, marginBottom: 20, textAlign: 'center' }}>
        {t.title}
      </Typography.Title>
      {body}
    </Card>
  );
}
