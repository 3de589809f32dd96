import { ContentName, nameText } from '../../ui/content-name.tsx';
import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ActivatedMenu } from '@tamaq/contract/menu-activations';
import { MENU_SEASONS } from '@tamaq/contract/menus';
import { App, Card, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { formatDate, toApiDate } from '../../lib/dates.ts';
import dayjs from 'dayjs';
import { useSession } from '../../lib/use-session.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useActivations, useDeactivate } from './activations-api.ts';
import { boardNames, weekOf } from './menu-print.ts';

/** This week's menu (the days the school's calendar serves, from the activation's first day on) to print. */
const printWeek = (row: ActivatedMenu) => {
  const { from, to } = weekOf(toApiDate(dayjs()));
  const query = new URLSearchParams({
    activation: String(row.id),
    from,
    to,
    school: boardNames(row.school).join(' / '),
  });
  return `/menu/${row.menu.id}/print?${query.toString()}`;
};

const t = i18n.food.activations;
const daysOf = i18n.food.menus.daysOf;

/**
 * /activated/menus (docs/product.md): #, school, menu, type and the first day (dd.MM.yyyy), newest first,
 * with the menu day that applies today; a delete asks first. All schools, or one chosen.
 */
export function ActivatedMenusPage() {
  const { message } = App.useApp();
  const locked = (useSession()?.school ?? null) !== null;
  const list = useListParams();
  const schoolId = Number(list.params.schoolId) || null;
  const { setParam } = list;
  const chooseSchool = useCallback((id: number | null) => setParam('schoolId', id), [setParam]);
  const { data, isFetching, error, refetch } = useActivations({ schoolId, limit: list.limit, offset: list.offset });
  const remove = useDeactivate();

  const columns: TableColumnsType<ActivatedMenu> = [
    { key: 'n', title: t.number, width: 64, render: (_, _row, i) => list.offset + i + 1 },
    { key: 'school', title: t.school, render: (_, row) => nameText(row.school) },
    {
      key: 'menu',
      title: t.menu,
      render: (_, row) => (
        <>
          <Link to={`/menu/${row.menu.id}`}>
            <ContentName value={row.menu} />
          </Link>{' '}
          <Typography.Text type="secondary">
            ({[daysOf(row.menu.days), ...(row.menu.season ? [MENU_SEASONS[row.menu.season]] : [])].join(', ')})
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'type',
      title: t.type,
      width: 190,
      render: (_, row) => <Tag color={row.type === 'paid_food' ? 'gold' : 'blue'}>{t.types[row.type]}</Tag>,
    },
    { key: 'date', title: t.date, width: 130, render: (_, row) => formatDate(row.date) },
    {
      key: 'today',
      title: t.today,
      width: 150,
      render: (_, row) =>
        row.today_day !== null ? (
          <Tag color="green">{t.todayDay(row.today_day)}</Tag>
        ) : row.replaced_on !== null ? (
          // A later activation took over: said, rather than an empty cell that looks like a fault.
          <Tag data-testid="activation-replaced">{t.replacedOn(formatDate(row.replaced_on))}</Tag>
        ) : row.menu.season !== null && row.date <= toApiDate(dayjs()) ? (
          // A seasonal menu out of its season: it comes back with its season.
          <Tag data-testid="activation-out-of-season">{t.outOfSeason}</Tag>
        ) : null,
    },
    {
      key: 'actions',
      title: i18n.catalogs.actions.actions,
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton
            type="text"
            icon={<PrinterOutlined />}
            aria-label={i18n.food.menuPrint.printThisWeek}
            title={i18n.food.menuPrint.printThisWeek}
            to={printWeek(row)}
          />
          <ConfirmDelete
            title={t.confirmDelete}
            onConfirm={async () => {
              await remove.mutateAsync(row.id);
              void message.success(t.deleted);
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t.title}
      data-testid="activated-menus-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to="/menu/activate">
          {t.add}
        </LinkButton>
      }
    >
      {!locked && (
        <Flex style={{ marginBottom: 16 }}>
          <SchoolSelect value={schoolId} onChange={chooseSchool} allowAll allLabel={t.allSchools} />
        </Flex>
      )}
      <DataTable<ActivatedMenu>
        columns={columns}
        rowKey="id"
        rows={data?.rows}
        total={data?.total}
        loading={isFetching}
        limit={list.limit}
        offset={list.offset}
        onPageChange={list.setOffset}
        error={error}
        onRetry={() => void refetch()}
        emptyText={t.empty}
      />
    </Card>
  );
}
