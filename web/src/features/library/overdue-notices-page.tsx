import type { OverdueNoticeStatus } from '@tamaq/contract/library';
import { Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { SchoolLoansList } from './school-loans-list.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.library.notices;

const STATUS_COLOURS: Record<OverdueNoticeStatus, string> = {
  sent: 'green',
  kept: 'orange',
  no_parent: 'default',
  failed: 'red',
  pending: 'blue',
};

/** One line of text at most `width` px wide, cut with «…», the whole of it on hover. */
function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ display: 'block', maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** '/books/notices': the daily e-mails to parents about overdue copies, newest day first. */
export function OverdueNoticesPage() {
  return (
    <SchoolLoansList
      testId="overdue-notices-page"
      title={t.title}
      about={t.about}
      texts={t}
      endpoint="notices"
      columns={[
        { key: 'day', title: t.day, width: 110, render: (_, r) => formatDate(r.day) },
        {
          key: 'status',
          title: t.status,
          width: 150,
          render: (_, r) => (
            <Tag
              color={STATUS_COLOURS[r.status]}
              data-status={r.status}
              title={r.status === 'kept' ? t.keptHint : (r.error ?? undefined)}
            >
              {t.statuses[r.status]}
            </Tag>
          ),
        },
        { key: 'student', title: t.student, render: (_, r) => r.user.name },
        {
          key: 'classroom',
          title: t.classroom,
          render: (_, r) => (r.user.classroom ? nameText(r.user.classroom) : ''),
        },
        // Long titles and several addresses end in «…» (the whole text on hover): the list fits 1280 px.
        { key: 'book', title: t.book, render: (_, r) => <Clipped text={r.book.name} width={260} /> },
        {
          key: 'barcode',
          title: t.barcode,
          render: (_, r) => <Typography.Text code>{r.barcode}</Typography.Text>,
        },
        { key: 'expired_at', title: t.returnDate, width: 110, render: (_, r) => formatDate(r.expired_at) },
        {
          key: 'recipients',
          title: t.recipients,
          render: (_, r) => <Clipped text={r.recipients.join(', ')} width={200} />,
        },
      ]}
    />
  );
}
