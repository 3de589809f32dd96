import { CLASSROOM_NAME_MAX, type Classroom } from '@tamaq/contract/classrooms';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useParams } from 'react-router';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useSession } from '../../lib/use-session.ts';
import { NameFields } from '../../ui/name-fields.tsx';
import { positiveParam, ResourceForm } from '../../ui/resource-form.tsx';
import { schoolOptionsQuery } from '../../ui/school-select.tsx';
import { classroomsResource } from './classrooms-resource.ts';
import { useClassroomTexts } from './use-classroom-texts.ts';
import { nameText } from '../../ui/content-name.tsx';

/**
 * '/classroom/:school/create' and '/classroom/:school/:id' (docs/product.md "Classes"): the name of a class;
 * saving returns to the list of that school.
 */
export function ClassroomFormPage() {
  const params = useParams();
  const schoolId = positiveParam(params.school);
  const words = useStructureWords();
  const t = useClassroomTexts();
  // A school's classes study in one of two shifts; a kindergarten's groups have none.
  const withShift = useSession()?.role !== 'EducationKindergartenAdmin';
  const classroom = classroomsResource.useOne(positiveParam(params.id));
  const schools = useQuery(schoolOptionsQuery());
  const school = classroom.data?.school ?? schools.data?.rows.find((s) => s.id === schoolId);
  return (
    <ResourceForm
      resource={classroomsResource}
      texts={{
        title: words.classrooms,
        newTitle: words.newClassroom,
        editTitle: t.editClassroom,
        created: t.classroomCreated,
        saved: t.classroomSaved,
        loadFailed: t.classroomLoadFailed,
      }}
      backPath={`/classrooms${schoolId ? `?schoolId=${classroom.data?.schoolId ?? schoolId}` : ''}`}
      crumbs={school ? [nameText(school)] : []}
      invalid={schoolId === null}
      testId="classroom-form-page"
      maxWidth={560}
      skeletonRows={1}
      values={(c) => ({ name: c ? (c.name_ru ?? '') : '', name_kk: c?.name_kk ?? '', shift: c?.shift ?? 1 })}
      // An edit keeps the class in its own school, whatever the address says.
      body={({ name, name_kk, shift }: { name?: string; name_kk?: string; shift: number }, c: Classroom | null) => ({
        schoolId: c?.schoolId ?? schoolId ?? 0,
        name: name ?? '',
        name_kk: name_kk ?? '',
        ...(withShift ? { shift: shift === 2 ? (2 as const) : (1 as const) } : {}),
      })}
    >
      <NameFields max={CLASSROOM_NAME_MAX} placeholder={t.classroomNameHint} />
      {withShift && (
        <Form.Item name="shift" label={t.shift} extra={t.shiftHint}>
          <Select
            data-testid="classroom-shift"
            aria-label={t.shift}
            style={{ width: 160 }}
            options={[1, 2].map((n) => ({ value: n, label: t.shiftOf(n) }))}
          />
        </Form.Item>
      )}
    </ResourceForm>
  );
}
