import type { LoanStatus } from '@tamaq/contract/library';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { SchoolLoansList } from './school-loans-list.tsx';

const t = i18n.library.onHands;

/** docs/domain.md "Library": overdue red, due within 3 days amber, otherwise green. */
const STATUS_COLOURS: Record<LoanStatus, string> = { overdue: 'red', soon: 'gold', normal: 'green' };

/** '/books/onhands' (docs/product.md): the copies students hold, soonest due first, coloured by status. */
export function OnHandsPage() {
  return (
    <SchoolLoansList
      testId="on-hands-page"
      title={t.title}
      texts={t}
      endpoint="onHand"
      columns={[
        { key: 'student', title: t.student, render: (_, r) => r.user.name },
        { key: 'classroom', title: t.classroom, render: (_, r) => r.user.classroom?.name ?? '' },
        { key: 'book', title: t.book, render: (_, r) => r.book.name },
        { key: 'authors', title: t.authors, render: (_, r) => r.book.authors },
        { key: 'publisher', title: t.publisher, render: (_, r) => r.book.publisher },
        { key: 'year', title: t.year, render: (_, r) => r.book.year, width: 70 },
        {
          key: 'barcode',
          title: t.barcode,
          render: (_, r) => (
            <Link to={`/books/${r.barcode_id}/histories`} title={t.history}>
              <Typography.Text code>{r.barcode}</Typography.Text>
            </Link>
          ),
        },
        {
          key: 'expired_at',
          title: t.returnDate,
          width: 140,
          // The column the librarian looks for stays in view when the table scrolls sideways.
          fixed: 'right',
          render: (_, r) => (
            <Tag color={STATUS_COLOURS[r.status]} data-status={r.status} title={t.statuses[r.status]}>
              {formatDate(r.expired_at)}
            </Tag>
          ),
        },
      ]}
    />
  );
}
