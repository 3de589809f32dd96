import { Alert, App, Breadcrumb, Button, Card, Form, Skeleton, Space, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { i18n } from '../i18n/texts.ts';
import { errorText } from '../lib/api-client.ts';
import type { Resource } from '../lib/resource.ts';
import { useFormSubmit } from './form-errors.ts';
import { LinkButton } from './link-button.tsx';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

const a = i18n.catalogs.actions;

/** The texts every catalogue form has (see `ru-catalogs.ts`). */
export interface ResourceFormTexts {
  title: string;
  newTitle: string;
  editTitle: string;
  created: string;
  saved: string;
  loadFailed: string;
}

export interface ResourceFormProps<Row extends { id: number; name: string }, Values, Body> {
  resource: {
    useOne: Resource<Row, never, never>['useOne'];
    useSave: () => { mutateAsync: (v: Body & { id: number | null }) => Promise<unknown> };
  };
  texts: ResourceFormTexts;
  /** The list the form returns to after a save or a cancel. */
  backPath: string;
  /** The page's test id; the form's is the same without '-page'. */
  testId: string;
  /** The form's values for a row, or for a new one (null). */
  values: (row: Row | null) => Values;
  /** The body to send (given the row being edited); the values themselves when they are the body. */
  body?: (values: Values, row: Row | null) => Body;
  /** Breadcrumb items between the list and the row (the school of a class, say). */
  crumbs?: string[];
  /** The address names nothing that can exist (a bad parent id): 'Не найдено'. */
  invalid?: boolean;
  /** The fields, as `Form.Item`s named after the values; a function gets the row and the form. */
  children: ReactNode | ((ctx: { row: Row | null; form: FormInstance<Values> }) => ReactNode);
  /** Lines of the skeleton shown while the row loads. */
  skeletonRows?: number;
  /** Where to go after a save, given the saved row and whether it was new; `backPath` by default. */
  afterSave?: (saved: Row, created: boolean) => string;
  /**
   * A question to ask before saving these values (say, what an edit would remove), or null to save at
   * once. Cancelling keeps the form as typed and saves nothing.
   */
  askBeforeSave?: (values: Values, row: Row | null) => SaveQuestion | null;
  /** Below the form's card, for a saved row (a menu's dishes, say). */
  below?: (row: Row) => ReactNode;
  maxWidth?: number;
}

/** What `askBeforeSave` asks: a title, what would happen, and the words of the button that goes on. */
export interface SaveQuestion {
  title: string;
  content: ReactNode;
  okText: string;
}

/** A save the user called off at the question: nothing was sent. */
const CALLED_OFF = Symbol('called off');

/** A positive id from a route parameter, or null for a missing or bad one. */
export const positiveParam = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * A catalogue's form screen, '/x/create' or '/x/:id': a breadcrumb back to the list, the row loaded
 * (a skeleton while it loads, the reason if it cannot be), the fields with the contract's rules,
 * the server's field errors under the fields (one that names no field under the name, docs/product.md "Validation"),
 * and saving returns to the list.
 */
export function ResourceForm<Row extends { id: number; name: string }, Values, Body>(
  props: ResourceFormProps<Row, Values, Body>,
) {
  const { resource, texts: t, backPath, testId, skeletonRows = 3, maxWidth = 640, crumbs = [], invalid } = props;
  const params = useParams();
  const editing = params.id !== undefined;
  const id = positiveParam(params.id);
  const row = resource.useOne(id);
  const title = editing ? t.editTitle : t.newTitle;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Breadcrumb
        items={[
          { title: <Link to={backPath}>{t.title}</Link> },
          ...crumbs.map((c) => ({ title: c })),
          { title: editing ? (row.data?.name ?? title) : title },
        ]}
      />
      <Card title={title} style={{ maxWidth }} data-testid={testId}>
        {invalid || (editing && id === null) ? (
          <Alert type="error" showIcon title={i18n.ui.errors.byStatus[404]} />
        ) : editing && row.isPending ? (
          <Skeleton active paragraph={{ rows: skeletonRows }} />
        ) : editing && row.error ? (
          <Alert type="error" showIcon title={t.loadFailed} description={errorText(row.error)} />
        ) : (
          <RowForm key={row.data?.id ?? 'new'} {...props} row={row.data ?? null} />
        )}
      </Card>
      {props.below && row.data ? props.below(row.data) : null}
    </Space>
  );
}

function RowForm<Row extends { id: number; name: string }, Values, Body>({
  resource,
  texts: t,
  backPath,
  testId,
  values,
  body,
  children,
  row,
  afterSave,
  askBeforeSave,
}: ResourceFormProps<Row, Values, Body> & { row: Row | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const save = resource.useSave();
  // Leaving with changes typed but not saved asks first (in the app and on closing the tab).
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const { onFinish, submitting } = useFormSubmit(
    form,
    async (v: Values) => {
      const question = askBeforeSave?.(v, row);
      if (question) {
        const goOn = await new Promise<boolean>((resolve) =>
          modal.confirm({
            ...question,
            content: <div data-testid="save-question">{question.content}</div>,
            cancelText: a.cancel,
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        );
        if (!goOn) return CALLED_OFF;
      }
      return save.mutateAsync({ ...(body ? body(v, row) : (v as unknown as Body)), id: row?.id ?? null });
    },
    {
      fallbackField: 'name',
      onSuccess: (saved) => {
        if (saved === CALLED_OFF) return;
        void message.success(row ? t.saved : t.created);
        guard.release();
        void navigate(afterSave ? afterSave(saved as Row, row === null) : backPath);
      },
    },
  );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={values(row) as never}
      onFinish={onFinish}
      onValuesChange={() => setDirty(true)}
      data-testid={testId.replace(/-page$/, '')}
    >
      {typeof children === 'function' ? children({ row, form }) : children}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {a.save}
        </Button>
        <LinkButton to={backPath}>{a.cancel}</LinkButton>
      </Space>
    </Form>
  );
}
