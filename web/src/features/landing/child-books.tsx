import type { ChildLoan } from '@tamaq/contract/family';
import { Alert, Button, Collapse, Skeleton, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { useChildBooks } from './api/get-child-books.ts';

const t = i18n.landing.children.books;

function LoanLine({ loan, timeZone }: { loan: ChildLoan; timeZone: string }) {
  const returned = loan.returned_at ? formatVisitTime(loan.returned_at, timeZone).slice(0, 10) : null;
  return (
    <li data-testid="child-loan" data-status={loan.status} style={{ marginBottom: 6 }}>
      <Typography.Text strong>{loan.book.name}</Typography.Text>
      {loan.book.authors && <Typography.Text type="secondary"> — {loan.book.authors}</Typography.Text>}
      <div>
        {returned ? (
          <Typography.Text type="secondary">
            {t.returned(returned)}
            {loan.late && `, ${t.late}`}
          </Typography.Text>
        ) : (
          <Typography.Text type={loan.status === 'overdue' ? 'danger' : undefined}>
            {t.due(formatDate(loan.expired_at))}
          </Typography.Text>
        )}
        {loan.status === 'overdue' && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            {t.overdue}
          </Tag>
        )}
        {loan.status === 'soon' && (
          // Gold's own words are too light to read (2.6:1): a dark amber on its ground, 7:1.
          <Tag style={{ marginLeft: 8, color: '#874d00', background: '#fffbe6', borderColor: '#ffe58f' }}>{t.soon}</Tag>
        )}
      </div>
    </li>
  );
}

/**
 * The child's library (docs/rules.md "A parent's children"): the books on hand with the day each is
 * due (one past its day in red, and said so), and the returned ones folded below.
 */
export function ChildBooks({ childId, timeZone }: { childId: number; timeZone: string }) {
  const books = useChildBooks(childId);
  const data = books.data;
  return (
    <section aria-label={t.title} data-testid="child-books" style={{ marginTop: 16 }}>
      <Typography.Title level={4} style={{ marginBottom: 8 }}>
        {t.title}
      </Typography.Title>
      {books.isError && !data ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          action={<Button onClick={() => void books.refetch()}>{i18n.landing.children.retry}</Button>}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} aria-label={i18n.ui.loading} />
      ) : (
        <>
          {data.on_hand.length === 0 ? (
            <Typography.Text type="secondary">{t.none}</Typography.Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 20, fontSize: 16 }} aria-label={t.onHand}>
              {data.on_hand.map((l) => (
                <LoanLine key={l.id} loan={l} timeZone={timeZone} />
              ))}
            </ul>
          )}
          {data.history.length > 0 && (
            <Collapse
              ghost
              size="small"
              style={{ marginTop: 8 }}
              items={[
                {
                  key: 'history',
                  label: t.history(data.history.length),
                  children: (
                    <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="child-books-history">
                      {data.history.map((l) => (
                        <LoanLine key={l.id} loan={l} timeZone={timeZone} />
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
