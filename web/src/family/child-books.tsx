import type { ChildLoan } from '@tamaq/contract/family';
import { LoadFailed } from './load-failed.tsx';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatDate } from '../lib/dates.ts';
import { formatVisitTime } from '../lib/visit-time.ts';
import { Folded, Loading, Tag, Text, Title } from '../ui/plain/plain.tsx';
import { useChildBooks } from './api/get-child-books.ts';

const t = i18n.landing.children.books;

function LoanLine({ loan, timeZone }: { loan: ChildLoan; timeZone: string }) {
  const returned = loan.returned_at ? formatVisitTime(loan.returned_at, timeZone).slice(0, 10) : null;
  return (
    <li data-testid="child-loan" data-status={loan.status} style={{ marginBottom: 6 }}>
      <Text strong>{loan.book.name}</Text>
      {loan.book.authors && <Text tone="secondary"> — {loan.book.authors}</Text>}
      <div>
        {returned ? (
          <Text tone="secondary">
            {t.returned(returned)}
            {loan.late && `, ${t.late}`}
          </Text>
        ) : (
          <Text tone={loan.status === 'overdue' ? 'danger' : undefined}>{t.due(formatDate(loan.expired_at))}</Text>
        )}
        {loan.status === 'overdue' && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            {t.overdue}
          </Tag>
        )}
        {loan.status === 'soon' && (
          <Tag color="gold" style={{ marginLeft: 8 }}>
            {t.soon}
          </Tag>
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
      <Title level={4} style={{ marginBottom: 8 }}>
        {t.title}
      </Title>
      {books.isError && !data ? (
        <LoadFailed message={t.loadFailed} retry={books.refetch} />
      ) : !data ? (
        <Loading rows={2} label={i18n.ui.loading} />
      ) : (
        <>
          {data.on_hand.length === 0 ? (
            <Text tone="secondary">{t.none}</Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 20, fontSize: 16 }} aria-label={t.onHand}>
              {data.on_hand.map((l) => (
                <LoanLine key={l.id} loan={l} timeZone={timeZone} />
              ))}
            </ul>
          )}
          {data.history.length > 0 && (
            <Folded summary={t.history(data.history.length)} style={{ marginTop: 8 }}>
              <ul style={{ margin: 0, paddingLeft: 20 }} data-testid="child-books-history">
                {data.history.map((l) => (
                  <LoanLine key={l.id} loan={l} timeZone={timeZone} />
                ))}
              </ul>
            </Folded>
          )}
        </>
      )}
    </section>
  );
}
