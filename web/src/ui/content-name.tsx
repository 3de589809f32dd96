import { Typography } from 'antd';
import { i18n } from '../i18n/texts.ts';
import { nameIn, type BilingualName } from '../lib/names.ts';

export { nameIn, nameMatches, nameText, type BilingualName } from '../lib/names.ts';

/** The name in the reader's language; one in the other language is marked as such until given. */
export function ContentName({ value }: { value: BilingualName }) {
  const { text, fallback } = nameIn(value);
  if (!fallback) return <>{text}</>;
  const t = i18n.ui.otherLanguageName;
  return (
    <>
      {text}{' '}
      <Typography.Text type="secondary" title={t.title} data-testid="name-fallback" style={{ fontSize: '0.85em' }}>
        ({t.mark})
      </Typography.Text>
    </>
  );
}
