import { Alert, Breadcrumb, Card, Skeleton, Space } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { useUser } from './api/get-user.ts';
import { positiveId } from './classroom-users-page.tsx';
import { returnPath } from './user-origin.ts';
import { UserForm } from './user-form.tsx';
import { PupilFamilyCard } from './pupil-family-card.tsx';

const t = i18n.users;

/**
 * docs/product.md "User form": one form for '/user/create', '/user/:id' and their class variants. What it shows
 * depends on the caller (watch for the Admin, school for the education admin, region for the super
 * admin) and on the class context (class and category; the name read-only when editing).
 */
export function UserFormPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const classContext = params.classroomId !== undefined;
  const classroomId = classContext ? positiveId(params.classroomId) : null;
  const editing = params.id !== undefined;
  const id = editing ? positiveId(params.id) : null;
  const words = useStructureWords();
  const user = useUser(id);
  const returnTo = returnPath(search, classroomId);
  const listTitle = returnTo.startsWith('/pupils')
    ? t.pupilsTitle
    : returnTo.startsWith('/classroom/')
      ? words.pupils
      : t.title;
  const title = editing ? t.editUser : t.addUser;
  const bad = (editing && id === null) || (classContext && classroomId === null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to={returnTo}>{listTitle}</Link> }, { title: user.data?.name ?? title }]} />
      <Card title={title} style={{ maxWidth: 880 }} data-testid="user-form-page">
        {bad ? (
          <Alert type="error" showIcon title={t.badId} />
        ) : editing && user.isPending ? (
          <Skeleton active avatar />
        ) : editing && user.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(user.error)} />
        ) : (
          <UserForm user={user.data ?? null} classroomId={classroomId} returnTo={returnTo} />
        )}
      </Card>
      {editing && user.data && user.data.classroom_id !== null && <PupilFamilyCard pupilId={user.data.id} />}
    </Space>
  );
}
