import { PrinterOutlined } from '@ant-design/icons';
import { MAX_PAGE_SIZE } from '@tamaq/contract/constants';
import type { LoanStatus } from '@tamaq/contract/library';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';
import { ClassroomSelect } from '../../ui/classroom-select.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { PrintOnly } from '../../ui/print-only.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { SchoolLoansList } from './school-loans-list.tsx';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.library.onHands;

/** docs/domain.md "Library": overdue red, due within 3 days amber, otherwise green. */
const STATUS_COLOURS: Record<LoanStatus, string> = { overdue: 'red', soon: 'gold', normal: 'green' };

/** The whole day counted between two `YYYY-MM-DD` dates. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * '/books/onhands' (docs/product.md): the copies students hold, soonest due first, coloured by status;
 * narrowed to the overdue ones and to one class, that list printed or downloaded for its class teacher.
 */
export function OnHandsPage() {
  const list = useListParams();
  const overdue = list.params.overdue === '1';
  const classroomId = Number(list.params.classroomId) || undefined;
  const filters = { overdue: overdue ? 1 : undefined, classroomId };
  const href = useDownloadHref();
  return (
    <SchoolLoansList
      testId="on-hands-page"
      title={t.title}
      texts={t}
      endpoint="onHand"
      extraQuery={filters}
      filteredEmpty={overdue ? t.noneOverdue : t.noneInClass}
      toolbar={(schoolId) => (
        <>
          <ClassroomSelect
            schoolId={schoolId}
            value={classroomId ?? null}
            onChange={(id) => list.setParam('classroomId', id)}
            allowAll
          />
          <Checkbox
            checked={overdue}
            onChange={(e) => list.setParam('overdue', e.target.checked ? 1 : null)}
            data-testid="overdue-only"
            style={{ alignSelf: 'center' }}
          >
            {t.overdueOnly}
          </Checkbox>
          {schoolId !== null && (
            <>
              <ExportButton
                href={href(endpointPath('book-loans', 'onHandExport'), {
                  schoolId,
                  query: list.debouncedQuery || undefined,
                  ...filters,
                })}
                label={t.download}
                testId="on-hands-export"
              />
              {classroomId !== undefined && (
                <ClassPrint schoolId={schoolId} classroomId={classroomId} overdue={overdue} />
              )}
            </>
          )}
        </>
      )}
      columns={[
        { key: 'student', title: t.student, render: (_, r) => r.user.name },
        {
          key: 'classroom',
          title: t.classroom,
          render: (_, r) => (r.user.classroom ? nameText(r.user.classroom) : ''),
        },
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

const PRINT_CSS = `
.class-loans h1 { font-size: 14pt; margin: 0 0 2mm; }
.class-loans p { margin: 0 0 4mm; font-size: 10pt; }
.class-loans table { width: 100%; border-collapse: collapse; font-size: 10pt; }
.class-loans th, .class-loans td { border: 0.3mm solid #000; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
.class-loans td.n { text-align: right; white-space: nowrap; }
`;

/** «Печать»: the class's list (all of it, not the page shown) for its class teacher, on A4. */
function ClassPrint({ schoolId, classroomId, overdue }: { schoolId: number; classroomId: number; overdue: boolean }) {
  const query = { schoolId, classroomId, overdue: overdue ? 1 : undefined, limit: MAX_PAGE_SIZE, offset: 0 };
  const rows = useQuery({
    queryKey: ['books', 'onHand', 'print', query] as const,
    queryFn: ({ signal }) => callEndpoint('book-loans', 'onHand', { query }, { signal }),
  });
  const data = rows.data?.rows ?? [];
  const first = data[0]?.user.classroom;
  const classroom = first ? nameText(first) : '';
  // The organization's today, as the server counts overdue copies.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: useOrganizationTimeZone() }).format(new Date());
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        loading={rows.isFetching}
        disabled={!rows.data || data.length === 0}
        onClick={() => window.print()}
        data-testid="on-hands-print"
      >
        {t.print}
      </Button>
      {rows.data && (
        <PrintOnly page="A4" css={PRINT_CSS} testId="on-hands-printed">
          <div className="class-loans">
            <h1>{t.printTitle(overdue, classroom)}</h1>
            <p>{t.printAsOf(formatDate(today))}</p>
            <table>
              <thead>
                <tr>
                  <th>№</th>
                  <th>{t.student}</th>
                  <th>{t.book}</th>
                  <th>{t.barcode}</th>
                  <th>{t.returnDate}</th>
                  <th>{t.daysLate}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((r, i) => (
                  <tr key={r.id}>
                    <td className="n">{i + 1}</td>
                    <td>{r.user.name}</td>
                    <td>
                      {r.book.name}
                      {r.book.authors && `, ${r.book.authors}`}
                    </td>
                    <td>{r.barcode}</td>
                    <td>{formatDate(r.expired_at)}</td>
                    <td className="n">{r.status === 'overdue' ? daysBetween(r.expired_at, today) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </PrintOnly>
      )}
    </>
  );
}
