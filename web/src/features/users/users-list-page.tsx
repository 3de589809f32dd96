import { PlusOutlined } from '@ant-design/icons';
import type { ImportResult } from '@tamaq/contract/imports';
import { canOpen } from '@tamaq/contract/routes';
import { ROLE_LABELS, ROLES } from '@tamaq/contract/role-list';
import { canGrant, type UserRow } from '@tamaq/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Select, type TableColumnsType } from 'antd';
import { Link, useLocation } from 'react-router';
import { i18n } from '../../i18n/texts.ts';

import { useDownloadHref } from '../../lib/download.ts';
import { useSession } from '../../lib/use-session.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Thumb } from '../../ui/image-viewer.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useListParams } from '../../ui/use-list-params.ts';
import { useOrganizationOptions } from './api/list-organizations.ts';
import { usersKey, useUsers, type RoleFilter } from './api/list-users.ts';
import { UserActions } from './user-actions.tsx';
import { withFrom } from './user-origin.ts';
import { useInvite } from './use-invite.tsx';
import { endpointPath } from '../../lib/endpoint-client.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { nameText } from '../../ui/content-name.tsx';
import { refreshAfterWrite } from '../../lib/refresh.ts';

const t = i18n.users;
const c = t.columns;

/** The one message after an import (ImportButton shows it): how many were added and updated. */
export const importedText = (result: ImportResult) => t.imported(result.created, result.updated);

/** After an import: show the new rows. */
export function useImported() {
  const queryClient = useQueryClient();
  return () => void refreshAfterWrite(queryClient, usersKey);
}

/** The role filter's values: a role's name or 'none'; anything else in the address is no filter. */
const isRoleFilter = (raw: string | undefined): raw is RoleFilter =>
  raw === 'none' || (ROLES as readonly (string | undefined)[]).includes(raw);
const roleParam = (raw: string | undefined): RoleFilter | null => (isRoleFilter(raw) ? raw : null);

/** A positive whole id from the address, else null. */
const idParam = (raw: string | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * docs/product.md "Users" '/users': everybody of the organization (all organizations for the super admin) with
 * search by name, job title or card, add, import from Excel, edit, password, cards, invite, delete.
 * The super admin filters by organization, and imports into the one chosen (none chosen: no import).
 */
export function UsersListPage() {
  const downloadHref = useDownloadHref();
  const session = useSession();
  const role = session?.role;
  const superAdmin = role === 'SuperAdmin';
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const list = useListParams();
  const organizationId = superAdmin ? idParam(list.params.organizationId) : null;
  const organizations = useOrganizationOptions(superAdmin);
  const words = useStructureWords();
  const roleFilter = roleParam(list.params.role);
  // A company has no schools or classes; the super admin's list already carries e-mail and region.
  const structure = !superAdmin && role !== 'Admin' && role !== 'Economist';
  const invite = useInvite();
  const imported = useImported();
  const { data, isFetching, error, refetch } = useUsers({
    query: list.debouncedQuery,
    organizationId,
    role: roleFilter,
    limit: list.limit,
    offset: list.offset,
  });
  // Everybody imports into their own organization; the super admin into the one chosen.
  const importTo = superAdmin ? (organizationId === null ? null : { organizationId }) : {};

  const columns: TableColumnsType<UserRow> = [
    {
      key: 'photo',
      title: c.photo,
      width: 72,
      render: (_, row) => <Thumb url={row.image?.url} alt={row.name} />,
    },
    {
      key: 'name',
      title: c.name,
      render: (_, row) => <Link to={withFrom(`/user/${row.id}`, here)}>{row.name}</Link>,
    },
    ...(superAdmin ? [{ key: 'email', title: c.email, render: (_: unknown, row: UserRow) => row.email ?? '' }] : []),
    { key: 'job', title: c.jobTitle, render: (_, row) => row.job_title ?? '' },
    { key: 'role', title: c.role, render: (_, row) => (row.role ? ROLE_LABELS[row.role] : '') },
    ...(structure
      ? [
          {
            key: 'school',
            title: words.school,
            render: (_: unknown, row: UserRow) => (row.school ? nameText(row.school) : ''),
          },
          {
            key: 'classroom',
            title: words.classroom,
            render: (_: unknown, row: UserRow) => (row.classroom ? nameText(row.classroom) : ''),
          },
        ]
      : []),
    ...(superAdmin
      ? [{ key: 'region', title: c.region, render: (_: unknown, row: UserRow) => row.region?.name ?? '' }]
      : []),
    {
      key: 'actions',
      title: c.actions,
      width: 200,
      render: (_, row) => {
        const mayChange = role !== undefined && canGrant(role, row.role);
        return (
          <UserActions
            row={row}
            editTo={mayChange ? withFrom(`/user/${row.id}`, here) : undefined}
            passwordTo={canOpen(role, '/user/password/:id') ? `/user/password/${row.id}` : undefined}
            cardsTo={canOpen(role, '/user/cards/:id') ? `/user/cards/${row.id}` : undefined}
            canDelete={mayChange && row.id !== Number(session?.sub)}
            onInvite={row.classroom_id !== null ? () => invite.open(row) : undefined}
          />
        );
      },
    },
  ];

  return (
    <Card
      title={t.title}
      data-testid="users-page"
      extra={
        <LinkButton type="primary" icon={<PlusOutlined />} to={withFrom('/user/create', here)}>
          {t.add}
        </LinkButton>
      }
    >
      <Flex gap={12} wrap align="start" style={{ marginBottom: 16 }}>
        <SearchField
          allowClear
          label={t.search}
          value={list.query}
          onChange={(e) => list.setQuery(e.target.value)}
          style={{ maxWidth: 460 }}
        />
        {superAdmin && (
          <Select
            data-testid="organization-filter"
            aria-label={t.fields.organization}
            allowClear
            placeholder={t.allOrganizations}
            loading={organizations.isLoading}
            value={organizationId ?? undefined}
            onChange={(id?: number) => list.setParam('organizationId', id ?? null)}
            options={(organizations.data?.rows ?? []).map((o) => ({ value: o.id, label: o.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
          />
        )}
        <Select
          data-testid="role-filter"
          aria-label={t.roleFilter}
          allowClear
          placeholder={t.allRoles}
          value={roleFilter ?? undefined}
          onChange={(value?: string) => list.setParam('role', value ?? null)}
          options={[
            ...ROLES.filter((r) => superAdmin || r !== 'SuperAdmin').map((r) => ({ value: r, label: ROLE_LABELS[r] })),
            { value: 'none', label: t.noRole },
          ]}
          popupMatchSelectWidth={false}
          style={{ minWidth: 200 }}
        />
        <div style={{ flex: 1 }} />
        {importTo && (
          <ImportButton
            checkMatches
            url={endpointPath('users', 'upload', { query: importTo })}
            rejectedUrl={endpointPath('users', 'rejectedRows', { query: importTo })}
            templateHref={downloadHref(endpointPath('users', 'template'), importTo)}
            doneText={importedText}
            onDone={imported}
          />
        )}
      </Flex>
      <DataTable<UserRow>
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
        emptyText={list.debouncedQuery ? undefined : t.noUsers}
      />
      {invite.modal}
    </Card>
  );
}
