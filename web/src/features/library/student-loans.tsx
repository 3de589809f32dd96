import type { LibraryStudent } from '@tamaq/contract/library';
import { Table, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';

const t = i18n.library.issuance;
type Loan = LibraryStudent['loans'][number];

/** The copies the student holds, the earliest return date first: overdue ones in red. */
export function StudentLoans({ student }: { student: LibraryStudent }) {
  return (
    <Table<Loan>
      data-testid="desk-loans"
      size="small"
      rowKey="barcode"
      pagination={false}
      title={() => <Typography.Text strong>{t.loansTitle(student.loans.length)}</Typography.Text>}
      locale={{ emptyText: t.noLoans }}
      dataSource={student.loans}
      columns={[
        {
          key: 'barcode',
          title: t.barcode,
          width: 160,
          render: (_, l) => <Typography.Text code>{l.barcode}</Typography.Text>,
        },
        { key: 'name', title: t.book, render: (_, l) => l.name },
        { key: 'authors', title: t.authors, render: (_, l) => l.authors },
        {
          key: 'due',
          title: t.dueWas,
          width: 200,
          render: (_, l) => (
            <>
              <Typography.Text type={l.status === 'overdue' ? 'danger' : undefined} strong={l.status === 'overdue'}>
                {formatDate(l.expired_at)}
              </Typography.Text>{' '}
              {l.status === 'overdue' && <Tag color="red">{t.overdue}</Tag>}
              {l.status === 'soon' && <Tag color="orange">{t.soon}</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}
