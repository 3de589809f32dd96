import type { Classroom } from '@tamaq/contract/classrooms';
import { ClassroomCreate } from '@tamaq/contract/classrooms';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Breadcrumb, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../lib/api-client.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { schoolOptionsQuery } from '../../ui/school-select.tsx';
import { useClassroom } from './api/get-classroom.ts';
import { useSaveClassroom } from './api/save-classroom.ts';
import { useClassroomTexts } from './use-classroom-texts.ts';

type Values = { name: string };

const positive = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * '/classroom/:school/create' and '/classroom/:school/:id' (spec 1 §2.20): the name of a class;
 * saving returns to the list of that school.
 */
export function ClassroomFormPage() {
  const params = useParams();
  const schoolId = positive(params.school);
  const editing = params.id !== undefined;
  const id = positive(params.id);
  const words = useStructureWords();
  const t = useClassroomTexts();
  const classroom = useClassroom(id);
  const schools = useQuery(schoolOptionsQuery());
  const school = classroom.data?.school ?? schools.data?.rows.find((s) => s.id === schoolId);
  const back = `/classrooms${schoolId ? `?schoolId=${classroom.data?.schoolId ?? schoolId}` : ''}`;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to={back}>{words.classrooms}</Link> },
          ...(school ? [{ title: school.name }] : []),
          { title: editing ? (classroom.data?.name ?? t.editClassroom) : words.newClassroom },
        ]}
      />
      <Card
        title={editing ? t.editClassroom : words.newClassroom}
        style={{ maxWidth: 560 }}
        data-testid="classroom-form-page"
      >
        {schoolId === null || (editing && id === null) ? (
          <Alert type="error" showIcon title={ru.structure.notFound} />
        ) : editing && classroom.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : editing && classroom.error ? (
          <Alert type="error" showIcon title={t.classroomLoadFailed} description={errorText(classroom.error)} />
        ) : (
          <ClassroomForm
            key={classroom.data?.id ?? 'new'}
            classroom={classroom.data ?? null}
            schoolId={schoolId}
            back={back}
          />
        )}
      </Card>
    </Space>
  );
}

function ClassroomForm({ classroom, schoolId, back }: { classroom: Classroom | null; schoolId: number; back: string }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const t = useClassroomTexts();
  const save = useSaveClassroom();
  const { onFinish, submitting } = useFormSubmit(
    form,
    // An edit keeps the class in its own school, whatever the address says.
    ({ name }: Values) =>
      save.mutateAsync({ id: classroom?.id ?? null, schoolId: classroom?.schoolId ?? schoolId, name }),
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(classroom ? t.classroomSaved : t.classroomCreated);
        void navigate(back);
      },
    },
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ name: classroom?.name ?? '' }}
      onFinish={onFinish}
      data-testid="classroom-form"
    >
      <Form.Item name="name" label={t.classroomName} rules={[fromSchema(ClassroomCreate.shape.name)]} required>
        <Input maxLength={100} placeholder={t.classroomNameHint} autoFocus />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {ru.structure.actions.save}
        </Button>
        <LinkButton to={back}>{ru.structure.actions.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
