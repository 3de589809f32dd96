import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export interface ExportButtonProps {
  /** The download link (see lib/download.ts); null while it is not ready or nothing is chosen. */
  href: string | null;
  label: string;
  testId?: string;
}

/** A download of a sheet: a link, so the browser saves the file itself; disabled until it is ready. */
export function ExportButton({ href, label, testId }: ExportButtonProps) {
  return (
    <Button icon={<FileExcelOutlined />} href={href ?? undefined} disabled={href === null} data-testid={testId}>
      {label}
    </Button>
  );
}
