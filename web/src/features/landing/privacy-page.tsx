import { Card, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { useBrand } from '../../lib/brand.ts';

const t = i18n.privacy;
type Section = { title: string; items?: readonly string[]; paragraphs?: readonly string[]; note?: string };

/** The public privacy policy that the footer and the consent checkboxes link to. */
export function PrivacyPage() {
  const brand = useBrand();
  if (!brand) return <Skeleton active style={{ maxWidth: 820 }} />;
  const withBrand = (s: string) => s.replaceAll('{brand}', brand.name);
  return (
    <Card style={{ width: '100%', maxWidth: 820 }} data-testid="privacy-page">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t.title}
      </Typography.Title>
      <Typography.Text type="secondary">{t.edition}</Typography.Text>
      <Typography.Paragraph style={{ marginTop: 16 }}>{withBrand(t.intro)}</Typography.Paragraph>
      {(t.sections as readonly Section[]).map((section, i) => (
        <section key={section.title}>
          <Typography.Title level={4}>
            {i + 1}. {section.title}
          </Typography.Title>
          {section.paragraphs?.map((p) => (
            <Typography.Paragraph key={p}>{withBrand(p)}</Typography.Paragraph>
          ))}
          {section.items && (
            <ul style={{ paddingInlineStart: 20 }}>
              {section.items.map((item) => (
                <li key={item} style={{ marginBottom: 6 }}>
                  {withBrand(item)}
                </li>
              ))}
            </ul>
          )}
          {section.note && <Typography.Paragraph strong>{section.note}</Typography.Paragraph>}
        </section>
      ))}
      <Link to="/profile/remove">{t.removeLink}</Link>
    </Card>
  );
}
