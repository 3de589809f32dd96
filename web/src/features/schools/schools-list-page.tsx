import { SettingOutlined } from '@ant-design/icons';
import { canOpen } from '@tamaq/contract/routes';
import type { School } from '@tamaq/contract/schools';
import { i18n } from '../../i18n/texts.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';
import { schoolsResource } from './schools-resource.ts';
import { SetupChecklist } from './setup-checklist.tsx';
import { useSchoolTexts } from './use-school-texts.ts';

const f = i18n.structure.fields;
const a = i18n.structure.actions;

/**
 * docs/product.md "Schools": the organization's schools (kindergartens) with search, add, edit and delete. A user
 * locked to one school sees only it, and neither adds nor deletes schools (the server refuses too).
 */
export function SchoolsListPage() {
  const words = useStructureWords();
  const t = useSchoolTexts();
  const session = useSession();
  const locked = session?.school !== null && session?.school !== undefined;
  const showSettings = canOpen(session?.role, '/school/:id/settings');
  return (
    <ResourceList<School>
      resource={schoolsResource}
      texts={{
        title: words.schools,
        search: t.searchSchools,
        add: t.addSchool,
        name: f.name,
        confirmDelete: t.confirmDeleteSchool,
        deleted: t.schoolDeleted,
        empty: t.noSchools,
      }}
      formPath="/school"
      // An organization admin's first screen: the first steps while any is left.
      header={locked ? undefined : <SetupChecklist />}
      testId="schools-page"
      searchWidth={460}
      canAdd={!locked}
      canDelete={!locked}
      leading={[{ key: 'number', title: f.number, dataIndex: 'number', width: 90 }]}
      columns={[
        { key: 'region', title: f.region, render: (_, row) => row.region?.name ?? '' },
        { key: 'city', title: f.city, dataIndex: 'city' },
        { key: 'address', title: f.address, dataIndex: 'address' },
      ]}
      actionsWidth={140}
      rowActions={(row) =>
        showSettings && (
          <LinkButton
            type="text"
            icon={<SettingOutlined />}
            to={`/school/${row.id}/settings`}
            aria-label={a.settings}
            title={a.settings}
          />
        )
      }
    />
  );
}
