import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { Alert, Button } from '../ui/plain/plain.tsx';

/** A part of the page that could not be read: why, and «Повторить». */
export function LoadFailed({ message, retry }: { message: string; retry: () => unknown }) {
  return (
    <Alert
      type="error"
      message={message}
      action={<Button onClick={() => void retry()}>{i18n.landing.children.retry}</Button>}
    />
  );
}
