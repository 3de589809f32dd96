import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText, retryHelps } from '../../lib/api-error.ts';

const t = i18n.reports;

export interface ReportCardProps {
  title: string;
  testId: string;
  filters: ReactNode;
  /** The report's .xlsx link, null until the filters are complete. */
  download: string | null;
  report: UseQueryResult<unknown>;
  /** Why there is no report yet (no canteen, filters incomplete), else null. */
  notice: string | null;
  children: ReactNode;
}

/**
 * The frame of a report screen: its filters, «Печать» and «Скачать Excel», and under them the
 * notice, the load's error with a retry, or the report.
 */
export function ReportCard({ title, testId, filters, download, report, notice, children }: ReportCardProps) {
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Flex gap={8}>
          <Button icon={<PrinterOutlined />} disabled={!report.data || report.isError} onClick={() => window.print()}>
            {t.print}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            href={download ?? undefined}
            disabled={download === null || report.isError}
            data-testid="report-download"
          >
            {t.download}
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {filters}
      </Flex>
      {notice !== null ? (
        <Alert type="info" showIcon title={notice} />
      ) : report.isError ? (
        <LoadFailed report={report} />
      ) : (
        children
      )}
    </Card>
  );
}

/** A report that did not load: the reason, and «Повторить» when asking again can help. */
export function LoadFailed({ report }: { report: UseQueryResult<unknown> }) {
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(report.error)}
      action={
        retryHelps(report.error) && (
          <Button size="small" onClick={() => void report.refetch()}>
            {i18n.ui.table.retry}
          </Button>
        )
      }
    />
  );
}
