import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/texts.ts';
import { matchesAccept } from '../lib/upload.ts';
import { useFileUpload } from './use-file-upload.ts';

export interface FileUploadButtonProps<T> {
  /** Endpoint that takes the multipart file, from `endpointPath` (lib/endpoint-client.ts). */
  url: string;
  accept?: string;
  /** More multipart fields sent with the file. */
  extra?: Record<string, string>;
  field?: string;
  onDone: (result: T, file: File) => void;
  /** Instead of the default error message, e.g. to list the rows an import refused. */
  onError?: (err: unknown, file: File) => void;
  label?: ReactNode;
  /** Refused before sending, with a Russian message. */
  maxBytes?: number;
  disabled?: boolean;
}

/**
 * A button that sends one chosen file (a spreadsheet import) with a progress bar: on a school
 * network a large file takes a while, and after 100 % the server still reads it.
 */
export function FileUploadButton<T = unknown>({
  url,
  accept = '.xlsx,.xls',
  extra,
  field,
  onDone,
  onError,
  label = i18n.ui.upload.chooseFile,
  maxBytes,
  disabled,
}: FileUploadButtonProps<T>) {
  const { input, percent, busy, onFile, choose } = useFileUpload<T>({
    url,
    field,
    extra,
    onDone,
    onError,
    refuse: (file) =>
      !matchesAccept(file, accept)
        ? i18n.ui.upload.fileWrongType(accept)
        : maxBytes !== undefined && file.size > maxBytes
          ? i18n.ui.upload.fileTooBig(Math.round((maxBytes / 1024 / 1024) * 10) / 10)
          : null,
  });
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 4, minWidth: 160 }}>
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={choose}>
        {label}
      </Button>
      {percent !== null &&
        (percent < 100 ? (
          <Progress percent={percent} size="small" status="active" aria-label={i18n.ui.loading} />
        ) : (
          <Typography.Text type="secondary">{i18n.ui.upload.processing}</Typography.Text>
        ))}
      <input ref={input} type="file" accept={accept} hidden onChange={onFile} data-testid="file-upload-input" />
    </span>
  );
}
