import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloudSyncOutlined,
  LoadingOutlined,
  ScanOutlined,
  UserOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import type { Fixation } from '@tamaq/contract/fixations';
import { Avatar, Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { useIsMobile } from '../../ui/use-is-mobile.ts';
import type { Feedback } from './scan-feedback.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.fixation.card;

const LOOK = {
  idle: { bg: '#fafafa', border: '#d9d9d9', band: '#8c8c8c', text: '#595959' },
  success: { bg: '#f0faf3', border: '#297a4c', band: '#237a48', text: '#135200' },
  refusal: { bg: '#fff1f0', border: '#cf1322', band: '#cf1322', text: '#a8071a' },
  queued: { bg: '#fffbe6', border: '#d48806', band: '#ad6800', text: '#613400' },
} as const;

export interface ScanCardProps {
  feedback: Feedback;
  /** Scans on their way: a small spinner, never a block on the next scan. */
  sending: number;
  /** The second line under the name: the class (school) or the job title (canteen). */
  detailOf: (f: Fixation) => string | null;
  /** The organization's time zone, which the visit's time is shown in. */
  timeZone: string;
}

/**
 * The big card at the queue, readable from a few steps away: green with the photo, name, class or
 * job title and category when the meal is recorded; red with the server's reason when refused.
 */
export function ScanCard({ feedback, sending, detailOf, timeZone }: ScanCardProps) {
  const mobile = useIsMobile();
  const look = LOOK[feedback.kind];
  const big = mobile ? 24 : 34;
  const box: CSSProperties = {
    position: 'relative',
    background: look.bg,
    border: `3px ${feedback.kind === 'idle' ? 'dashed' : 'solid'} ${look.border}`,
    borderRadius: 12,
    overflow: 'hidden',
    minHeight: mobile ? 150 : 200,
  };
  return (
    <div role="status" aria-live="assertive" data-testid="scan-card" data-kind={feedback.kind} style={box}>
      {sending > 0 && (
        <span
          data-testid="scan-sending"
          style={{ position: 'absolute', top: 8, right: 12, color: look.text, fontSize: 14, zIndex: 1 }}
        >
          <LoadingOutlined /> {t.sending}
        </span>
      )}
      <Body feedback={feedback} big={big} mobile={mobile} detailOf={detailOf} color={look} timeZone={timeZone} />
    </div>
  );
}

interface BodyProps {
  feedback: Feedback;
  big: number;
  mobile: boolean;
  detailOf: (f: Fixation) => string | null;
  color: (typeof LOOK)[keyof typeof LOOK];
  timeZone: string;
}

function Band({ icon, text, color }: { icon: ReactNode; text: string; color: string }) {
  return (
    <div style={{ background: color, color: '#fff', padding: '6px 16px', fontSize: 20, fontWeight: 600 }}>
      {icon} {text}
    </div>
  );
}

/** The photo of the card's holder, or a placeholder of the same size. */
function PersonPhoto({ url, size }: { url: string | undefined; size: number }) {
  return url ? (
    <img
      src={url}
      alt={t.photo}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 8, flex: 'none', background: '#fff' }}
    />
  ) : (
    <Avatar shape="square" size={size} icon={<UserOutlined />} style={{ flex: 'none' }} />
  );
}

function Body({ feedback, big, mobile, detailOf, color, timeZone }: BodyProps) {
  const pad = { padding: mobile ? 12 : 20 };
  switch (feedback.kind) {
    case 'idle':
      return (
        <Flex vertical align="center" justify="center" gap={8} style={{ ...pad, minHeight: mobile ? 144 : 194 }}>
          <ScanOutlined style={{ fontSize: mobile ? 40 : 56, color: color.band }} />
          <div style={{ fontSize: mobile ? 20 : 26, color: color.text, textAlign: 'center' }}>{t.ready}</div>
          <div style={{ color: '#595959' }}>{t.readyHint}</div>
        </Flex>
      );
    case 'success': {
      const f = feedback.fixation;
      const detail = detailOf(f);
      const photo = mobile ? 96 : 150;
      return (
        <>
          <Band icon={<CheckCircleFilled />} text={t.success} color={color.band} />
          <Flex gap={mobile ? 12 : 24} align="center" style={pad} data-testid="scan-person">
            <PersonPhoto url={f.user.image?.url} size={photo} />
            <div style={{ minWidth: 0 }}>
              <div style={{ fontSize: big, fontWeight: 700, lineHeight: 1.2, color: '#141414' }}>{f.user.name}</div>
              {detail && <div style={{ fontSize: big * 0.7, color: color.text, marginTop: 4 }}>{detail}</div>}
              {f.category && (
                <div style={{ fontSize: big * 0.7, fontWeight: 600, color: color.text, marginTop: 4 }}>
                  {f.category.name}
                </div>
              )}
              <div style={{ color: '#595959', marginTop: 6 }}>
                {formatVisitTime(f.created_at, timeZone)} · {t.card(feedback.code)}
              </div>
            </div>
          </Flex>
          {f.restricted && (
            // Recorded, and the cook must know: the pupil's restrictions meet a dish of the day.
            <div
              data-testid="scan-restricted"
              style={{
                background: '#fff1f0',
                borderTop: '3px solid #cf1322',
                color: '#a8071a',
                padding: mobile ? '8px 12px' : '10px 20px',
                fontSize: big * 0.6,
                fontWeight: 700,
              }}
            >
              <WarningFilled />{' '}
              {t.restricted(
                f.restricted.allergens.map((a) => ALLERGEN_NAMES[a]).join(', '),
                f.restricted.dishes.map(nameText).join(', '),
              )}
            </div>
          )}
        </>
      );
    }
    case 'refusal': {
      // A known card names its holder, with the photo: the counter sees who was refused.
      const person = feedback.person;
      const photo = mobile ? 72 : 110;
      return (
        <>
          <Band icon={<CloseCircleFilled />} text={t.refusal} color={color.band} />
          <Flex gap={mobile ? 12 : 20} align="center" style={pad}>
            {person && <PersonPhoto url={person.image?.url} size={photo} />}
            <div style={{ minWidth: 0 }}>
              <div
                data-testid="scan-reason"
                style={{ fontSize: big, fontWeight: 700, lineHeight: 1.25, color: color.text }}
              >
                {feedback.reason}
              </div>
              {person && (
                <div data-testid="scan-refused-person" style={{ fontSize: big * 0.7, color: '#141414', marginTop: 6 }}>
                  {person.name}
                  {(person.classroom ?? person.job_title) && (
                    <span style={{ color: '#595959' }}>
                      {' '}
                      · {person.classroom ? nameText(person.classroom) : person.job_title}
                    </span>
                  )}
                </div>
              )}
              <div style={{ color: '#595959', marginTop: 8, fontSize: 16 }}>{t.card(feedback.code)}</div>
            </div>
          </Flex>
        </>
      );
    }
    case 'queued':
      return (
        <>
          <Band icon={<CloudSyncOutlined />} text={t.queued} color={color.band} />
          <div style={pad}>
            <div style={{ fontSize: big * 0.75, fontWeight: 600, color: color.text }}>{t.queuedHint}</div>
            <div style={{ color: '#595959', marginTop: 8, fontSize: 16 }}>{t.card(feedback.code)}</div>
          </div>
        </>
      );
  }
}
