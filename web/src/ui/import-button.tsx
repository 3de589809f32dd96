import { DownloadOutlined } from '@ant-design/icons';
import type { ImportResult } from '@tamaq/contract/imports';
import { IMPORT_ACCEPT, IMPORT_FIELD } from '@tamaq/contract/imports';
import { IMAGE_MAX_BYTES } from '@tamaq/contract/constants';
import { App, Button, Space } from 'antd';
import { ui } from '../i18n/ru-ui.ts';
import { errorText, isApiError } from '../lib/api-client.ts';
import { FileUploadButton } from './file-upload-button.tsx';

export interface ImportButtonProps {
  /** Endpoint that takes the spreadsheet, e.g. '/api/classroom/upload?schoolId=3'. */
  url: string;
  /** The template's download link (see lib/download.ts); null while it is not ready, undefined for none. */
  templateHref?: string | null;
  onDone: (result: ImportResult) => void;
  /** The one message shown after a successful import; by default how many rows were loaded. */
  doneText?: (result: ImportResult) => string;
  disabled?: boolean;
  label?: string;
}

/**
 * Import from Excel: a template to start from, the upload with its progress bar, and when the
 * server refuses the file, every rejected row with its reason in one dialog (nothing was imported).
 */
export function ImportButton({ url, templateHref, onDone, doneText, disabled, label }: ImportButtonProps) {
  const { modal, message } = App.useApp();
  const showRefusal = (err: unknown) => {
    const rows = isApiError(err) ? err.validationErrors?.[IMPORT_FIELD] : undefined;
    if (!rows?.length) {
      void message.error(errorText(err));
      return;
    }
    modal.error({
      title: ui.imports.refusedTitle,
      width: 560,
      content: (
        <div data-testid="import-errors">
          <p>{ui.imports.refusedHint}</p>
          <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ),
    });
  };
  return (
    <Space align="start" wrap>
      <FileUploadButton<ImportResult>
        url={url}
        accept={IMPORT_ACCEPT}
        field={IMPORT_FIELD}
        maxBytes={IMAGE_MAX_BYTES}
        label={label ?? ui.imports.upload}
        disabled={disabled}
        onError={showRefusal}
        onDone={(result) => {
          void message.success(doneText ? doneText(result) : ui.imports.done(result.imported));
          onDone(result);
        }}
      />
      {templateHref !== undefined && (
        <Button
          icon={<DownloadOutlined />}
          href={templateHref ?? undefined}
          disabled={templateHref === null}
          data-testid="import-template"
        >
          {ui.imports.template}
        </Button>
      )}
    </Space>
  );
}
