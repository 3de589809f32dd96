import { CloudDownloadOutlined, HistoryOutlined, SafetyCertificateOutlined, SaveOutlined } from '@ant-design/icons';
import {
  BACKUP_FIELD,
  BACKUP_UPLOAD_MAX_BYTES,
  type BackupFile,
  type BackupJob,
  type BackupList,
} from '@tamaq/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  message,
  Modal,
  Progress,
  Switch,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { FileUploadButton } from '../../ui/file-upload-button.tsx';
import { useFormSubmit } from '../../ui/form-errors.ts';
import { IntegerInput } from '../../ui/integer-input.tsx';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useDownloadHref } from '../../lib/download.ts';
import { callEndpoint, endpointPath } from '../../lib/endpoint-client.ts';

const t = i18n.orgs.backups;
const key = ['admin', 'backups'] as const;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 1 : 0)} ${t.mb}`;

/** The job's progress in whole percent: hundredths of a backup, bytes of a file read. */
const percentOf = (job: BackupJob) => Math.min(100, Math.floor((100 * job.done) / Math.max(job.total, 1)));

function JobState({ job }: { job: BackupJob }) {
  if (job.status === 'running') {
    return (
      <div data-testid="backup-progress" aria-live="polite">
        <Typography.Text>
          {job.kind === 'create'
            ? t.creating
            : job.kind === 'restore'
              ? t.restoring(job.name ?? '')
              : t.verifying(job.name ?? '')}
        </Typography.Text>
        <Progress percent={percentOf(job)} status="active" />
        {job.kind === 'create' && <Typography.Text type="secondary">{t.rowsSoFar(job.rows)}</Typography.Text>}
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="backup-job-failed"
        title={
          job.kind === 'create'
            ? t.createFailed
            : job.kind === 'restore'
              ? t.restoreFailed(job.name ?? '')
              : t.verifyFailed(job.name ?? '')
        }
        description={job.error}
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      data-testid="backup-job-done"
      title={
        job.kind === 'create'
          ? t.created(job.name ?? '')
          : job.kind === 'restore'
            ? t.restored(job.name ?? '')
            : t.verified(job.name ?? '')
      }
    />
  );
}

function Verification({ file }: { file: BackupFile }) {
  if (file.verified === null) return <Tag data-testid="backup-unverified">{t.unverified}</Tag>;
  if (!file.verified) {
    return (
      <Space direction="vertical" size={0}>
        <Tag color="red" data-testid="backup-broken">
          {t.broken}
        </Tag>
        <Typography.Text type="danger">{file.verify_error}</Typography.Text>
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <Tag color="green" icon={<SafetyCertificateOutlined />} data-testid="backup-verified">
        {t.verifiedTag}
      </Tag>
      <Typography.Text type="secondary">{formatDateTime(file.verified_at)}</Typography.Text>
    </Space>
  );
}

/** The nightly backup's time (or off) and how many files it keeps, as the super admin sets them. */
function ScheduleForm({ time, keep, onSaved }: { time: string | null; keep: number; onSaved: () => void }) {
  const [form] = Form.useForm<{ on: boolean; time: string; keep: number | string }>();
  const on = Form.useWatch('on', form) ?? time !== null;
  const { onFinish, submitting } = useFormSubmit(
    form,
    (v: { on: boolean; time: string; keep: number | string }) =>
      callEndpoint('admin', 'backupSettings', {
        body: { time: v.on ? v.time : null, keep: v.keep as number },
      }),
    {
      onSuccess: () => {
        void message.success(t.scheduleSaved);
        onSaved();
      },
    },
  );
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ on: time !== null, time: time ?? '02:00', keep }}
      onFinish={onFinish}
      data-testid="backup-schedule"
      style={{ rowGap: 8 }}
    >
      <Form.Item name="on" label={t.nightly} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="time" label={t.at} hidden={!on}>
        <Input placeholder="02:00" inputMode="numeric" autoComplete="off" style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="keep" label={t.keep}>
        <IntegerInput style={{ width: 80 }} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={submitting}>
          {t.save}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The question before a restore: what is replaced by what, and the organization's name typed to confirm. */
function RestoreDialog({
  file,
  live,
  onClose,
  onStarted,
}: {
  file: BackupFile;
  live: BackupList['live'];
  onClose: () => void;
  onStarted: (job: BackupJob) => void;
}) {
  const [confirm, setConfirm] = useState('');
  const restore = useMutation({
    mutationFn: () => callEndpoint('admin', 'backupRestore', { body: { name: file.name, confirm } }),
    onSuccess: (job) => {
      onStarted(job);
      onClose();
    },
  });
  const fieldError = restore.error instanceof ApiError ? (restore.error.validationErrors?.confirm?.[0] ?? null) : null;
  const otherError = restore.error && !fieldError ? errorText(restore.error) : null;
  const rows: { key: keyof BackupList['live']['counts']; label: string }[] = [
    { key: 'organizations', label: t.countOrganizations },
    { key: 'schools', label: t.countSchools },
    { key: 'users', label: t.countUsers },
    { key: 'visits', label: t.countVisits },
  ];
  return (
    <Modal
      open
      title={t.restoreDialogTitle(formatDateTime(file.created_at))}
      okText={t.restoreAction}
      okButtonProps={{ danger: true, disabled: !confirm.trim(), loading: restore.isPending }}
      onOk={() => restore.mutate()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="restore-dialog"
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t.restoreWarning} />
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t.restoreWhat}
          items={rows.map((r) => ({
            key: r.key,
            label: r.label,
            children: `${t.now}: ${live.counts[r.key]} → ${t.inFile}: ${file.counts ? file.counts[r.key] : t.notYetRead}`,
          }))}
        />
        <Typography.Text type="secondary">{t.restoreSessions}</Typography.Text>
        {otherError && <Alert type="error" showIcon title={otherError} />}
        <Form layout="vertical" onFinish={() => confirm.trim() && restore.mutate()}>
          <Form.Item
            label={t.confirmLabel(live.confirm_name)}
            htmlFor="restore-confirm"
            validateStatus={fieldError ? 'error' : undefined}
            help={fieldError}
            style={{ marginBottom: 0 }}
          >
            <Input
              id="restore-confirm"
              autoComplete="off"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              data-testid="restore-confirm"
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * '/admin/backups: the super admin's backups (docs/rules.md "Backups"). Each file of the folder with
 * its versions, its main counts and whether it reads back whole; a backup made now, with its
 * progress; a download to keep elsewhere; and how to restore one.
 */
export function BackupsPage() {
  const queryClient = useQueryClient();
  const href = useDownloadHref();
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callEndpoint('admin', 'backups', {}, { signal }),
    // While a backup is made or read, its progress is asked for each second.
    refetchInterval: (q) => (q.state.data?.job?.status === 'running' ? 1000 : false),
  });
  const started = async (job: BackupJob) => {
    // A list asked before the job began (the screen's first load, on a slow network) would answer
    // without it and stop the polling: it is cancelled and asked again.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, (old: typeof list.data) => (old ? { ...old, job } : old));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const create = useMutation({ mutationFn: () => callEndpoint('admin', 'backupCreate', {}), onSuccess: started });
  const verify = useMutation({
    mutationFn: (name: string) => callEndpoint('admin', 'backupVerify', { body: { name } }),
    onSuccess: started,
  });
  const [restoring, setRestoring] = useState<BackupFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const data = list.data;
  const running = data?.job?.status === 'running';
  // A restore that ended replaced what every other screen shows: they load again.
  const lastJob = useRef<BackupJob | null>(null);
  useEffect(() => {
    const job = data?.job ?? null;
    const was = lastJob.current;
    lastJob.current = job;
    if (job?.kind === 'restore' && job.status === 'done' && was?.status === 'running')
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'admin' || q.queryKey[1] !== 'backups',
      });
  }, [data?.job, queryClient]);
  const actionError = create.error ?? verify.error;

  return (
    <Card
      title={t.title}
      data-testid="backups-page"
      loading={list.isPending}
      extra={
        <Space wrap align="start">
          <FileUploadButton<BackupFile>
            url={endpointPath('admin', 'backupUpload')}
            accept=".backup"
            field={BACKUP_FIELD}
            maxBytes={BACKUP_UPLOAD_MAX_BYTES}
            label={t.upload}
            disabled={running}
            onDone={(file) => {
              setUploadError(null);
              void message.success(t.uploaded(file.name));
              void queryClient.invalidateQueries({ queryKey: key });
            }}
            onError={(err) => setUploadError(errorText(err))}
          />
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={create.isPending || (running && data?.job?.kind === 'create')}
            // Until the list is in, whether a backup runs now is not known.
            disabled={running || !data}
            onClick={() => create.mutate()}
            data-testid="backup-create"
          >
            {t.createNow}
          </Button>
        </Space>
      }
    >
      {list.error && !data ? (
        <Alert
          type="error"
          showIcon
          title={t.loadFailed}
          description={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>{t.retry}</Button>}
        />
      ) : (
        data && (
          <Flex vertical gap={16}>
            <ScheduleForm
              key={`${data.time}-${data.keep}`}
              time={data.time}
              keep={data.keep}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: key })}
            />
            <Typography.Paragraph style={{ margin: 0 }}>
              {data.time ? t.schedule(data.time, data.keep) : t.scheduleOff}{' '}
              <Typography.Text type="secondary">{t.keyNotIncluded}</Typography.Text>
            </Typography.Paragraph>
            <Typography.Text>
              {t.folder} <Typography.Text code>{data.dir}</Typography.Text>
            </Typography.Text>
            {data.same_disk && (
              <Alert
                type="warning"
                showIcon
                title={t.sameDiskTitle}
                description={t.sameDisk}
                data-testid="backup-same-disk"
              />
            )}
            {actionError && (
              <Alert type="error" showIcon title={errorText(actionError)} data-testid="backup-action-error" />
            )}
            {uploadError && (
              <Alert
                type="error"
                showIcon
                closable={{ onClose: () => setUploadError(null) }}
                title={t.uploadFailed}
                description={uploadError}
                data-testid="backup-upload-error"
              />
            )}
            {data.job && <JobState job={data.job} />}
            <Table<BackupFile>
              rowKey="name"
              dataSource={data.files}
              pagination={false}
              scroll={{ x: 900 }}
              locale={{ emptyText: t.empty }}
              data-testid="backups-table"
              columns={[
                {
                  key: 'when',
                  title: t.when,
                  render: (_, f) => (
                    <Space direction="vertical" size={0}>
                      <span>{formatDateTime(f.created_at)}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                        {f.name}
                      </Typography.Text>
                    </Space>
                  ),
                },
                { key: 'size', title: t.size, render: (_, f) => megabytes(f.bytes), align: 'right' },
                {
                  key: 'versions',
                  title: t.versions,
                  render: (_, f) =>
                    f.app_version ? (
                      <Space direction="vertical" size={0}>
                        <span>Tamaq {f.app_version}</span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t.migration(f.migration ?? '')} · PostgreSQL {f.postgres}
                        </Typography.Text>
                      </Space>
                    ) : (
                      <Typography.Text type="danger">{t.notBackup}</Typography.Text>
                    ),
                },
                {
                  key: 'counts',
                  title: t.counts,
                  render: (_, f) =>
                    f.counts ? (
                      <Typography.Text data-testid="backup-counts">{t.countsText(f.counts)}</Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
                { key: 'verified', title: t.verification, render: (_, f) => <Verification file={f} /> },
                {
                  key: 'actions',
                  title: t.actions,
                  render: (_, f) => {
                    const link = href(endpointPath('admin', 'backupFile', { params: { name: f.name } }));
                    return (
                      <Space wrap>
                        <Button
                          icon={<CloudDownloadOutlined />}
                          href={link ?? undefined}
                          disabled={!link}
                          download={f.name}
                          data-testid="backup-download"
                        >
                          {t.download}
                        </Button>
                        <Button
                          icon={<SafetyCertificateOutlined />}
                          disabled={running}
                          loading={verify.isPending && verify.variables === f.name}
                          onClick={() => verify.mutate(f.name)}
                          data-testid="backup-verify"
                        >
                          {t.verify}
                        </Button>
                        <Button
                          danger
                          icon={<HistoryOutlined />}
                          disabled={running || f.verified === false || !f.app_version}
                          onClick={() => setRestoring(f)}
                          data-testid="backup-restore"
                        >
                          {t.restoreAction}
                        </Button>
                      </Space>
                    );
                  },
                },
              ]}
            />
            <Alert type="info" showIcon title={t.restoreTitle} description={t.restore} />
            {restoring && (
              <RestoreDialog file={restoring} live={data.live} onClose={() => setRestoring(null)} onStarted={started} />
            )}
          </Flex>
        )
      )}
    </Card>
  );
}
