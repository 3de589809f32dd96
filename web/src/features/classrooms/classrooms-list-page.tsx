import type { Classroom } from '@tamaq/contract/classrooms';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import { ImportButton } from '../../ui/import-button.tsx';
import { ResourceList } from '../../ui/resource-list.tsx';
import { nameText } from '../../ui/content-name.tsx';
import { useDownloadHref } from '../../lib/download.ts';
import { classroomsExportHref, classroomsTemplateHref } from './api/download-classrooms.ts';
import { importClassroomsUrl, rejectedClassroomsUrl, useClassroomsImported } from './api/import-classrooms.ts';
import { classroomsResource } from './classrooms-resource.ts';
import { PromoteClassroomsButton } from './promote-classrooms.tsx';
import { useClassroomTexts } from './use-classroom-texts.ts';
import { useSession } from '../../lib/use-session.ts';
import { endpointPath } from '../../lib/endpoint-client.ts';

/** docs/product.md "Classes": the classes (groups) of a school with search, pages, add, import, export and delete. */
export function ClassroomsListPage() {
  const downloadHref = useDownloadHref();
  const words = useStructureWords();
  const t = useClassroomTexts();
  const imported = useClassroomsImported();
  // A kindergarten's groups have no grades to move up.
  const promotes = useSession()?.role !== 'EducationKindergartenAdmin';
  return (
    <ResourceList<Classroom>
      resource={classroomsResource}
      texts={{
        title: words.classrooms,
        search: t.searchClassrooms,
        add: t.addClassroom,
        name: i18n.structure.fields.name,
        confirmDelete: t.confirmDeleteClassroom,
        deleted: t.classroomDeleted,
        empty: t.noClassrooms,
        chooseSchoolFirst: t.chooseSchoolFirst,
      }}
      formPath="/classroom"
      testId="classrooms-page"
      perSchool
      searchWidth={320}
      // The name opens the class's pupils; the edit button its form.
      nameLink={(row) => ({ to: `/classroom/${row.id}/users`, title: t.openPupils(nameText(row)) })}
      editPath={(row) => `/classroom/${row.schoolId}/${row.id}`}
      columns={[
        { key: 'pupils', title: t.pupilsCount, dataIndex: 'pupils_count', width: 120, align: 'right' },
        ...(!promotes
          ? []
          : [
              {
                key: 'shift',
                title: t.shift,
                width: 110,
                render: (_: unknown, row: Classroom) => t.shiftOf(row.shift),
              },
            ]),
        { key: 'created', title: t.created, width: 130, render: (_, row) => formatDate(row.created_at) },
      ]}
      toolbar={(schoolId) => {
        const exportHref = schoolId ? classroomsExportHref(downloadHref, schoolId) : null;
        return (
          <>
            <ImportButton
              preview
              url={schoolId ? importClassroomsUrl(schoolId) : ''}
              rejectedUrl={schoolId ? rejectedClassroomsUrl(schoolId) : undefined}
              templateHref={classroomsTemplateHref(downloadHref)}
              onDone={imported}
              disabled={!schoolId}
            />
            {promotes && <PromoteClassroomsButton schoolId={schoolId} />}
            <ExportButton href={exportHref} label={i18n.structure.actions.export} testId="classrooms-export" />
            <ExportButton
              href={schoolId ? downloadHref(endpointPath('users', 'export'), { schoolId }) : null}
              label={words.pupilsExport}
              testId="pupils-export"
            />
          </>
        );
      }}
    />
  );
}
