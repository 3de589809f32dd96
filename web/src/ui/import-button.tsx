import { DownloadOutlined } from '@ant-design/icons';
import type { ImportResult } from '@tamaq/contract/imports';
import { IMPORT_ACCEPT, IMPORT_FIELD } from '@tamaq/contract/imports';
import { IMAGE_MAX_BYTES } from '@tamaq/contract/constants';
import type { UserImportMatch, UserImportMode, UserImportResult } from '@tamaq/contract/users';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../i18n/texts.ts';
import { errorText, isApiError, withQuery } from '../lib/api-client.ts';
import { isAbortError, uploadFile, uploadForFile } from '../lib/upload.ts';
import { FileUploadButton } from './file-upload-button.tsx';

export interface ImportButtonProps {
  /** Endpoint that takes the spreadsheet, from `endpointPath` (lib/endpoint-client.ts). */
  url: string;
  /** The template's download link (see lib/download.ts); null while it is not ready, undefined for none. */
  templateHref?: string | null;
  onDone: (result: ImportResult) => void;
  /** The one message shown after a successful import; by default how many rows were loaded. */
  doneText?: (result: ImportResult) => string;
  disabled?: boolean;
  label?: string;
  /**
   * People imports: the file is first sent with `mode=check`, and when rows match people already
   * there by name only, the admin chooses to update them or add new people before anything is written.
   */
  checkMatches?: boolean;
  /**
   * The other imports that take `mode=check` and `rows=valid` (classes, absences, books): the file is
   * first checked, and rows with a problem are shown before anything is written, with the choice to
   * load the valid rows only.
   */
  preview?: boolean;
  /**
   * With `checkMatches` or `preview`: where the same file gets back its rows with a problem as a
   * workbook. A check that finds such rows then offers to load the valid rows only, and that workbook
   * to correct.
   */
  rejectedUrl?: string;
}

/** The query an import asks to be sent again with once the person agrees (a 409 with `confirm`). */
function confirmQuery(err: unknown): Record<string, string> | null {
  if (!isApiError(err) || err.status !== 409) return null;
  const confirm = (err.body as { confirm?: unknown } | undefined)?.confirm;
  if (typeof confirm !== 'object' || confirm === null) return null;
  const entries = Object.entries(confirm);
  return entries.length > 0 && entries.every(([, v]) => typeof v === 'string')
    ? Object.fromEntries(entries as [string, string][])
    : null;
}

/**
 * Import from Excel: a template to start from, the upload with its progress bar, and when the
 * server refuses the file, every rejected row with its reason in one dialog (nothing was imported).
 */
export function ImportButton({
  url,
  templateHref,
  onDone,
  doneText,
  disabled,
  label,
  checkMatches,
  preview,
  rejectedUrl,
}: ImportButtonProps) {
  const checks = checkMatches || preview;
  const { modal, message } = App.useApp();
  const [writing, setWriting] = useState(false);
  /** `sentTo`: the address the refused file went to, so that an answer to a question keeps its query. */
  const showRefusal = (err: unknown, file?: File, sentTo?: string) => {
    const confirm = file && confirmQuery(err);
    if (file && confirm) {
      // The import asks first (a file that creates thousands of copies): the same file again once agreed.
      modal.confirm({
        title: i18n.ui.imports.confirmTitle,
        content: <div data-testid="import-confirm">{errorText(err)}</div>,
        okText: i18n.ui.imports.confirmOk,
        onOk: () => void resend(withQuery(sentTo ?? url, confirm), file),
      });
      return;
    }
    const rows = isApiError(err) ? err.validationErrors?.[IMPORT_FIELD] : undefined;
    if (!rows?.length) {
      void message.error(errorText(err));
      return;
    }
    modal.error({
      title: i18n.ui.imports.refusedTitle,
      width: 560,
      content: (
        <div data-testid="import-errors">
          <p>{i18n.ui.imports.refusedHint}</p>
          <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ),
    });
  };
  /** The rows of `file` with a problem, as a workbook with their reasons, saved by the browser. */
  const downloadRejected = (file: File) =>
    rejectedUrl &&
    uploadForFile(rejectedUrl, file, IMPORT_FIELD).catch(
      (err: unknown) => void message.error(`${i18n.ui.imports.rejectedFailed}: ${errorText(err)}`),
    );
  const rejectedButton = (file: File) =>
    rejectedUrl && (
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void downloadRejected(file)}
        data-testid="import-rejected-download"
      >
        {i18n.ui.imports.downloadRejected}
      </Button>
    );

  const done = (result: ImportResult, file?: File) => {
    void message.success(doneText ? doneText(result) : i18n.ui.imports.done(result.imported));
    // Every row is loaded or accounted for: those left as they were, with the reason.
    if (result.skipped?.length) {
      const rejected = (result as UserImportResult).rejected_rows;
      modal.info({
        title: i18n.ui.imports.skippedTitle(rejected ?? result.skipped.length),
        width: 600,
        content: (
          <div data-testid="import-skipped">
            {rejected !== undefined && <p>{i18n.ui.imports.skippedHint}</p>}
            <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>
              {result.skipped.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            {rejected !== undefined && file && rejectedButton(file)}
          </div>
        ),
      });
    }
    onDone(result);
  };

  /**
   * Rows with a problem found by the check: load the valid ones only (true), or nothing (false) to
   * correct the file. When the valid rows would change people already there, loading nothing is the
   * default (the dialog's focus is on it).
   */
  const askRejected = (result: UserImportResult, file: File) =>
    new Promise<boolean>((resolve) => {
      const good = result.imported;
      // Only a people import changes someone already there: then loading nothing is the default.
      const changesPeople = !!checkMatches && result.updated > 0;
      modal.confirm({
        title: i18n.ui.imports.rejectedTitle(result.rejected_rows ?? 0),
        width: 640,
        okText: i18n.ui.imports.loadValid(good),
        okButtonProps: { disabled: good === 0, type: changesPeople ? 'default' : 'primary' },
        autoFocusButton: changesPeople || good === 0 ? 'cancel' : 'ok',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
        content: (
          <div data-testid="import-rejected">
            <p>{i18n.ui.imports.rejectedHint(good)}</p>
            {changesPeople && (
              <Typography.Text type="warning">{i18n.ui.imports.rejectedUpdates(result.updated)}</Typography.Text>
            )}
            <ul style={{ maxHeight: 280, overflow: 'auto', paddingLeft: 20 }}>
              {(result.rejected ?? []).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            {rejectedButton(file)}
          </div>
        ),
      });
    });

  /** The admin's choice for rows matched by name only: update them, add new people, or nothing. */
  const ask = (matches: UserImportMatch[]) =>
    new Promise<UserImportMode | null>((resolve) => {
      const dialog = modal.confirm({
        title: i18n.ui.imports.matchesTitle,
        width: 600,
        okText: i18n.ui.imports.updateMatches,
        onOk: () => resolve('update'),
        onCancel: () => resolve(null),
        content: (
          <div data-testid="import-matches">
            <p>{i18n.ui.imports.matchesHint(matches.length)}</p>
            <ul style={{ maxHeight: 280, overflow: 'auto', paddingLeft: 20 }}>
              {matches.map((m) => (
                <li key={m.line}>{i18n.ui.imports.matchLine(m.line, m.name, m.place)}</li>
              ))}
            </ul>
          </div>
        ),
        footer: (_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button
              onClick={() => {
                resolve('create');
                dialog.destroy();
              }}
            >
              {i18n.ui.imports.createMatches}
            </Button>
            <OkBtn />
          </>
        ),
      });
    });

  /** The same file again, to be written this time (after a check or a question). */
  const resend = async (to: string, file: File) => {
    setWriting(true);
    try {
      done(await uploadFile<ImportResult>(to, file, { field: IMPORT_FIELD }), file);
    } catch (err) {
      if (!isAbortError(err)) showRefusal(err, file, to);
    } finally {
      setWriting(false);
    }
  };

  /** After the check: ask when needed, then send the file again to be written. */
  const checked = async (result: UserImportResult, file: File) => {
    // Rows with a problem: the valid ones only, if the person says so; else nothing.
    const validOnly = !!result.rejected_rows;
    if (validOnly && !(await askRejected(result, file))) return;
    if (!checkMatches) {
      await resend(validOnly ? withQuery(url, { rows: 'valid' }) : url, file);
      return;
    }
    const byName = (result.matches ?? []).filter((m) => m.by === 'name');
    const mode = byName.length ? await ask(byName) : 'update';
    if (!mode) return;
    await resend(withQuery(url, validOnly ? { mode, rows: 'valid' } : { mode }), file);
  };

  return (
    <Space align="start" wrap>
      <FileUploadButton<UserImportResult>
        url={checks ? withQuery(url, { mode: 'check' }) : url}
        accept={IMPORT_ACCEPT}
        field={IMPORT_FIELD}
        maxBytes={IMAGE_MAX_BYTES}
        label={label ?? i18n.ui.imports.upload}
        disabled={disabled || writing}
        onError={(err, file) => showRefusal(err, file)}
        onDone={(result, file) => (checks ? void checked(result, file) : done(result))}
      />
      {writing && <Typography.Text type="secondary">{i18n.ui.imports.writing}</Typography.Text>}
      {templateHref !== undefined && (
        <Button
          icon={<DownloadOutlined />}
          href={templateHref ?? undefined}
          disabled={templateHref === null}
          data-testid="import-template"
        >
          {i18n.ui.imports.template}
        </Button>
      )}
    </Space>
  );
}
