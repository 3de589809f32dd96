import { LockOutlined } from '@ant-design/icons';
import type { Image } from '@tamaq/contract/profile';
import { ROLE_IDS } from '@tamaq/contract/roles';
import { GRANTABLE_ROLES, UserCreate, type User } from '@tamaq/contract/users';
import { msg } from '@tamaq/contract/zod';
import { App, Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useStructureWords } from '../../lib/structure-words.ts';
import { fromApiDate, toApiDate } from '../../lib/dates.ts';
import { enterKeepsForm } from '../../ui/enter-keeps-form.ts';
import { useSession } from '../../lib/use-session.ts';
import { ClassroomSelect } from '../../ui/classroom-select.tsx';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { fromSchema } from '../../ui/form-rules.ts';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { SchoolSelect } from '../../ui/school-select.tsx';
import { useClassroom } from './api/get-classroom.ts';
import { useFoodCategoryOptions } from './api/list-food-categories.ts';
import { useOrganizationOptions } from './api/list-organizations.ts';
import { useRegions } from './api/list-regions.ts';
import { useRoles } from './api/list-roles.ts';
import { useWatchOptions } from './api/list-watches.ts';
import { useSaveUser, type UserBody } from './api/save-user.ts';
import { nameText } from '../../ui/content-name.tsx';

const t = i18n.users;
const f = t.fields;
const shape = UserCreate.shape;
/** Selects use 0 for "none": antd shows a null value as an empty box, not as the "none" option. */
const NONE = 0;
/** The super admin role has no organization: the organization picker hides when it is chosen. */
const SUPER_ADMIN_ID = ROLE_IDS.SuperAdmin;
const STUDENT_ID = ROLE_IDS.Student;

interface Values {
  image: Image | null;
  name: string;
  iin?: string;
  classroom_id?: number | null;
  food_category_id?: number;
  job_title?: string;
  watch_id?: number;
  role_id?: number;
  /** A pupil's own sign-in (the Student role), in a class's form. */
  student_sign_in?: boolean;
  email?: string;
  password?: string;
  school_id?: number | null;
  region_id?: number | null;
  organization_id?: number | null;
  social_wallet_from?: Dayjs | null;
  social_wallet_to?: Dayjs | null;
  social_wallet_order?: string;
}

/** The user form itself: its fields by the caller and the class context, and the save. */
export function UserForm({
  user,
  classroomId,
  returnTo,
}: {
  user: User | null;
  classroomId: number | null;
  returnTo: string;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const words = useStructureWords();
  const session = useSession();
  const role = session?.role;
  const editing = user !== null;
  const classContext = classroomId !== null;
  const superAdmin = role === 'SuperAdmin';
  const locked = session?.school !== null && session?.school !== undefined;

  const grantable = role ? GRANTABLE_ROLES[role] : [];
  const show = {
    classAndCategory: classContext && !superAdmin,
    jobTitle: !classContext,
    watch: role === 'Admin',
    school: role === 'EducationAdmin' && !locked && !classContext,
    region: superAdmin,
    organization: superAdmin && !editing,
    // A class's pupils have no role to choose: at most a sign-in of their own (the Student role).
    role: !classContext && !(superAdmin && editing) && grantable.some((r) => r !== null && r !== 'Student'),
    pupilSignIn: classContext && grantable.includes('Student'),
  };
  const roleId = Form.useWatch('role_id', form) ?? NONE;
  const signsIn = (Form.useWatch('student_sign_in', form) ?? user?.role === 'Student') && show.pupilSignIn;
  const showEmail = show.role || superAdmin || signsIn;
  const showPassword = show.role || signsIn;
  const categoryId = Form.useWatch('food_category_id', form) ?? NONE;
  const hasRole = roleId !== NONE || signsIn;
  // A new account needs a password; so does a pupil given a sign-in they did not have.
  const needsPassword = (hasRole && !editing) || (signsIn && user?.role !== 'Student');

  const classroom = useClassroom(show.classAndCategory ? classroomId : null);
  const categories = useFoodCategoryOptions(show.classAndCategory);
  // The social wallet's dates and order, for a category of the social wallet (docs/rules.md).
  const walletShown =
    show.classAndCategory && (categories.data?.rows ?? []).some((c) => c.id === categoryId && c.type === 'sw');
  const watches = useWatchOptions(show.watch);
  const regions = useRegions(show.region);
  const organizations = useOrganizationOptions(show.organization);
  const roles = useRoles(show.role);
  const save = useSaveUser();

  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: Values) => {
      const body: UserBody = { name: v.name, iin: v.iin?.trim() || null, image_id: v.image?.id ?? null };
      if (show.classAndCategory) {
        body.classroom_id = v.classroom_id || null;
        body.food_category_id = v.food_category_id || null;
      }
      if (walletShown) {
        // An empty start is the server's today; an empty end holds until the category changes.
        if (v.social_wallet_from) body.social_wallet_from = toApiDate(v.social_wallet_from);
        body.social_wallet_to = v.social_wallet_to ? toApiDate(v.social_wallet_to) : null;
        body.social_wallet_order = v.social_wallet_order?.trim() || null;
      }
      const job = v.job_title?.trim();
      // An empty job title is not sent; clearing an existing one sends null.
      if (show.jobTitle && (job || user?.job_title)) body.job_title = job || null;
      if (show.watch) body.watch_id = v.watch_id || null;
      if (show.role) body.role_id = v.role_id || null;
      if (show.pupilSignIn) body.role_id = v.student_sign_in ? STUDENT_ID : null;
      const email = v.email?.trim();
      if (showEmail && (email || user?.email)) body.email = email || null;
      if (showPassword && v.password) body.password = v.password;
      if (show.school) body.school_id = v.school_id || null;
      if (show.region) body.region_id = v.region_id || null;
      if (show.organization && v.role_id !== SUPER_ADMIN_ID) body.organization_id = v.organization_id || null;
      return save.mutateAsync({ ...body, id: user?.id ?? null });
    },
    {
      fallbackField: 'name',
      onSuccess: () => {
        void message.success(editing ? t.saved : t.created);
        void navigate(returnTo);
      },
    },
  );

  const initial: Values = {
    image: user?.image ?? null,
    name: user?.name ?? '',
    iin: user?.iin ?? '',
    classroom_id: user ? user.classroom_id : classroomId,
    food_category_id: user?.food_category_id ?? NONE,
    job_title: user?.job_title ?? '',
    watch_id: user?.watch_id ?? NONE,
    role_id: user?.role_id ?? NONE,
    student_sign_in: user?.role === 'Student',
    email: user?.email ?? '',
    password: '',
    school_id: user?.school_id ?? null,
    region_id: user?.region_id ?? null,
    organization_id: user?.organization_id ?? null,
    social_wallet_from: fromApiDate(user?.social_wallet_set_date),
    social_wallet_to: fromApiDate(user?.social_wallet_to),
    social_wallet_order: user?.social_wallet_order ?? '',
  };
  const none = (label: string) => ({ value: NONE, label });

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={onFinish} data-testid="user-form">
      <Form.Item name="image" label={f.photo} extra={f.photoHint}>
        <ImageUpload size={112} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          {classContext && editing ? (
            // docs/product.md "User form": read-only when editing within a class, and it looks so.
            <Form.Item name="name" label={f.name} extra={f.nameReadOnly}>
              <Input readOnly variant="filled" suffix={<LockOutlined aria-hidden />} tabIndex={-1} />
            </Form.Item>
          ) : (
            <Form.Item name="name" label={f.name} rules={[fromSchema(shape.name)]} required>
              {/* The name is where the form starts, for the keyboard too (the photo is optional). */}
              <Input maxLength={255} autoComplete="off" autoFocus />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="iin" label={f.iin} rules={[fromSchema(shape.iin)]}>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        {show.classAndCategory && (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="classroom_id" label={words.classroom}>
                <ClassroomSelect schoolId={classroom.data?.schoolId} value={undefined} onChange={() => {}} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="food_category_id" label={f.foodCategory}>
                <Select
                  loading={categories.isLoading}
                  options={[
                    none(f.noCategory),
                    ...(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: nameText(c) })),
                  ]}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
            {walletShown && (
              <>
                <Col xs={12} md={6}>
                  <Form.Item name="social_wallet_from" label={f.walletFrom}>
                    <DatePicker
                      format="DD.MM.YYYY"
                      aria-label={f.walletFrom}
                      style={{ width: '100%' }}
                      onKeyDown={enterKeepsForm}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="social_wallet_to" label={f.walletTo}>
                    <DatePicker
                      format="DD.MM.YYYY"
                      aria-label={f.walletTo}
                      style={{ width: '100%' }}
                      onKeyDown={enterKeepsForm}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="social_wallet_order"
                    label={f.walletOrder}
                    rules={[fromSchema(shape.social_wallet_order)]}
                  >
                    <Input maxLength={60} />
                  </Form.Item>
                </Col>
              </>
            )}
          </>
        )}
        {show.jobTitle && (
          <Col xs={24} md={12}>
            <Form.Item name="job_title" label={f.jobTitle} rules={[fromSchema(shape.job_title)]}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        )}
        {show.watch && (
          <Col xs={24} md={12}>
            <Form.Item name="watch_id" label={f.watch}>
              <Select
                loading={watches.isLoading}
                options={[none(f.noWatch), ...(watches.data?.rows ?? []).map((w) => ({ value: w.id, label: w.name }))]}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        )}
        {show.school && (
          <Col xs={24} md={12}>
            <Form.Item name="school_id" label={words.school}>
              <SchoolSelect value={undefined} onChange={() => {}} allowAll allLabel={f.noSchool} />
            </Form.Item>
          </Col>
        )}
        {show.organization && roleId !== SUPER_ADMIN_ID && (
          <Col xs={24} md={12}>
            <Form.Item
              name="organization_id"
              label={f.organization}
              rules={[{ required: true, message: msg.required }]}
            >
              <Select
                placeholder={f.chooseOrganization}
                loading={organizations.isLoading}
                options={(organizations.data?.rows ?? []).map((o) => ({ value: o.id, label: o.name }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        )}
        {show.region && (
          <Col xs={24} md={12}>
            <Form.Item name="region_id" label={f.region}>
              <Select
                allowClear
                placeholder={f.chooseRegion}
                loading={regions.isLoading}
                options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        )}
        {show.role && (
          <Col xs={24} md={12}>
            <Form.Item name="role_id" label={f.role}>
              <Select
                loading={roles.isLoading}
                options={[
                  ...(grantable.includes(null) ? [none(f.noRole)] : []),
                  ...(roles.data ?? [])
                    // A pupil's sign-in is given in a class's form, not here.
                    .filter((r) => grantable.includes(r.code) && r.code !== 'Student')
                    .map((r) => ({ value: r.id, label: r.name })),
                ]}
              />
            </Form.Item>
          </Col>
        )}
        {show.pupilSignIn && (
          <Col xs={24}>
            <Form.Item name="student_sign_in" label={f.pupilSignIn} valuePropName="checked">
              <Checkbox>{f.pupilSignInText}</Checkbox>
            </Form.Item>
          </Col>
        )}
        {showEmail && (
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={f.email}
              extra={f.emailHint}
              required={hasRole}
              rules={[
                { type: 'email', message: msg.email },
                { required: hasRole, whitespace: true, message: msg.required },
              ]}
            >
              <Input type="email" maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
        )}
        {showPassword && (
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={f.password}
              extra={editing ? f.passwordKeep : undefined}
              required={needsPassword}
              rules={[
                { required: needsPassword, message: msg.required },
                { min: 8, message: msg.passwordShort },
              ]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t.actions.save}
        </Button>
        <LinkButton to={returnTo}>{t.actions.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
