import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { StoreButtons } from '../features/landing/store-buttons.tsx';
import { useBrand } from '../lib/brand.ts';
import { Button, Card, Icon, Loading, Title } from '../ui/plain/plain.tsx';
import { ChildrenToday } from './children-today.tsx';
import { InstallCard } from './install-card.tsx';

const t = i18n.landing;
const FEATURE_ICONS = ['bell', 'book', 'chart'] as const;

/**
 * The parent's start page: the children, what the cabinet offers (the account's pages are the staff
 * app's, opened as pages), the app on this phone, and the brand's store links.
 */
export function FamilyHome() {
  const brand = useBrand();
  return (
    <div className="tq-stack" style={{ gap: 24, maxWidth: 820, margin: '0 auto' }} data-testid="download-page">
      <ChildrenToday />
      <Card>
        <Title level={2}>{t.title}</Title>
        <p style={{ fontSize: 16 }}>{t.cabinet}</p>
        <div className="tq-row">
          <Button href="/profile">{i18n.nav.profile}</Button>
          <Button href="/password">{i18n.nav.password}</Button>
        </div>
      </Card>
      {brand && <InstallCard brand={brand.name} />}
      <Card>
        {brand ? (
          <>
            <Title level={3}>{t.appTitle}</Title>
            <p style={{ fontSize: 16 }}>{t.appText.replace('{brand}', brand.name)}</p>
            <ul className="tq-stack" style={{ listStyle: 'none', padding: 0, margin: '0 0 24px', fontSize: 16 }}>
              {t.features.map((text, i) => (
                <li key={text} className="tq-row" style={{ flexWrap: 'nowrap', alignItems: 'flex-start', gap: 12 }}>
                  <span style={{ color: '#297a4c', fontSize: 20, lineHeight: 1 }}>
                    <Icon name={FEATURE_ICONS[i] ?? 'bell'} />
                  </span>
                  <span>{text}</span>
                </li>
              ))}
            </ul>
            <StoreButtons brand={brand} />
          </>
        ) : (
          <Loading rows={3} label={i18n.ui.loading} />
        )}
      </Card>
    </div>
  );
}
