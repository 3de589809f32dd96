import { CloudDownloadOutlined, SafetyCertificateOutlined, SaveOutlined } from '@ant-design/icons';
import type { BackupFile, BackupJob } from '@tamaq/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Space, Table, Tag, Typography } from 'antd';
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
        <Typography.Text>{job.kind === 'create' ? t.creating : t.verifying(job.name ?? '')}</Typography.Text>
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
        title={job.kind === 'create' ? t.createFailed : t.verifyFailed(job.name ?? '')}
        description={job.error}
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      data-testid="backup-job-done"
      title={job.kind === 'create' ? t.created(job.name ?? '') : t.verified(job.name ?? '')}
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

/**
 * '/admin/backups': the super admin's backups (docs/rules.md "Backups"). Each file of the folder with
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
  const started = (job: BackupJob) => {
    queryClient.setQueryData(key, (old: typeof list.data) => (old ? { ...old, job } : old));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const create = useMutation({ mutationFn: () => callEndpoint('admin', 'backupCreate', {}), onSuccess: started });
  const verify = useMutation({
    mutationFn: (name: string) => callEndpoint('admin', 'backupVerify', { body: { name } }),
    onSuccess: started,
  });
  const data = list.data;
  const running = data?.job?.status === 'running';
  const actionError = create.error ?? verify.error;

  return (
    <Card
      title={t.title}
      data-testid="backups-page"
      loading={list.isPending}
      extra={
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={create.isPending || (running && data?.job?.kind === 'create')}
          disabled={running}
          onClick={() => create.mutate()}
          data-testid="backup-create"
        >
          {t.createNow}
        </Button>
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
            <Typography.Paragraph style={{ margin: 0 }}>
              {data.time ? t.schedule(data.time, data.keep) : t.scheduleOff}{' '}
              <Typography.Text type="secondary">{t.keyNotIncluded}</Typography.Text>
            </Typography.Paragraph>
            <Typography.Text>
              {t.folder} <Typography.Text code>{data.dir}</Typography.Text>
            </Typography.Text>
            {data.same_disk && (
              <Alert type="warning" showIcon title={t.sameDiskTitle} description={t.sameDisk} data-testid="backup-same-disk" />
            )}
            {actionError && <Alert type="error" showIcon title={errorText(actionError)} data-testid="backup-action-error" />}
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
                      <Typography.Text data-testid="backup-counts">
                        {t.countsText(f.counts)}
                      </Typography.Text>
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
                          aria-label={t.downloadOf(f.name)}
                          data-testid="backup-download"
                        >
                          {t.download}
                        </Button>
                        <Button
                          icon={<SafetyCertificateOutlined />}
                          disabled={running}
                          loading={verify.isPending && verify.variables === f.name}
                          onClick={() => verify.mutate(f.name)}
                          aria-label={t.verifyOf(f.name)}
                          data-testid="backup-verify"
                        >
                          {t.verify}
                        </Button>
                      </Space>
                    );
                  },
                },
              ]}
            />
            <Alert type="info" showIcon title={t.restoreTitle} description={t.restore} />
          </Flex>
        )
      )}
    </Card>
  );
}
