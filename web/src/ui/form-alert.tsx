import { Alert } from 'antd';

/** The error of the last attempt, above the form; nothing when there is none. */
export function FormAlert({ text, type = 'error' }: { text: string | null; type?: 'error' | 'info' }) {
  if (!text) return null;
  return <Alert type={type} showIcon title={text} data-testid="form-alert" style={{ marginBottom: 16 }} />;
}
