import { nameText } from '../../ui/content-name.tsx';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { PrintOnly } from '../../ui/print-only.tsx';
import { menusResource } from './menus-resource.ts';
import { boardNames, printedDays, type PrintedDay } from './menu-print.ts';
import { useActivationDays } from './activations-api.ts';

const t = i18n.food.menuPrint;

// A4 portrait; a week runs in two columns, a day never split across them.
const MENU_CSS = `
  .tamaq-menu { font: 11pt/1.35 Arial, sans-serif; }
  .tamaq-menu h1 { font-size: 18pt; margin: 0 0 2mm; text-align: center; }
  .tamaq-menu .sub { text-align: center; margin: 0 0 6mm; }
  .tamaq-menu .days { column-count: 2; column-gap: 10mm; }
  .tamaq-menu .days.one { column-count: 1; }
  .tamaq-menu .day { break-inside: avoid; margin: 0 0 5mm; }
  .tamaq-menu h2 { font-size: 13pt; margin: 0 0 1.5mm; border-bottom: 1px solid #000; }
  .tamaq-menu h2, .tamaq-menu h3 { font-weight: bold; }
  .tamaq-menu h3 { font-size: 11pt; margin: 1.5mm 0 0.5mm; }
  .tamaq-menu .dish { display: flex; justify-content: space-between; gap: 3mm; }
  .tamaq-menu .dish .name { display: block; }
  .tamaq-menu .dish .name.other { font-size: 9.5pt; color: #333; }
  .tamaq-menu .dish .allergens { font-style: italic; }`;

function Days({ days }: { days: PrintedDay[] }) {
  return (
    <div className={days.length > 1 ? 'days' : 'days one'}>
      {days.map((d) => (
        <section key={d.title} className="day" data-testid="printed-day">
          <h2>{d.title}</h2>
          {d.modes.map((m) => (
            <div key={m.name}>
              <h3>{m.name}</h3>
              {m.dishes.length === 0 ? (
                <div className="dish">{t.empty}</div>
              ) : (
                m.dishes.map((dish) => (
                  <div key={dish.names.join('/')} className="dish" data-testid="printed-dish">
                    <span>
                      {dish.names.map((name, i) => (
                        <span key={name} className={i === 0 ? 'name' : 'name other'}>
                          {name}
                        </span>
                      ))}
                      {dish.allergens && <span className="name other allergens">{dish.allergens}</span>}
                    </span>
                    <span>{dish.output}</span>
                  </div>
                ))
              )}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * '/menu/:id/print' (ours, beyond the spec): the menu of a day or a week on A4 for the notice board,
 * the dishes, named in Kazakh and in Russian, with their outputs by meal mode. The link says which days (see `printedDays`); the
 * screen shows what the paper will.
 */
export function MenuPrintPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const menu = menusResource.useOne(Number.isInteger(id) && id > 0 ? id : null);
  const activation = Number(params.get('activation')) || null;
  const served = useActivationDays(activation, params.get('from'), params.get('to'));
  // The notice board is read in both languages: the school's names both, as the menu's.
  const school = served.data ? boardNames(served.data.school).join(' / ') : params.get('school');
  const days = menu.data ? printedDays(menu.data, params, served.data?.days) : [];
  const pending = menu.isPending || (activation !== null && served.isPending);
  const error = menu.error ?? (activation !== null ? served.error : null);
  const sheet = menu.data && (
    <div className="tamaq-menu">
      <h1>
        {t.heading}
        {school ? ` — ${school}` : ''}
      </h1>
      <p className="sub">{boardNames(menu.data).join(' / ')}</p>
      <Days days={days} />
    </div>
  );

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/menus">{i18n.food.menus.title}</Link> },
          { title: menu.data ? <Link to={`/menu/${menu.data.id}`}>{nameText(menu.data)}</Link> : '…' },
          { title: t.title },
        ]}
      />
      <Card
        title={t.title}
        data-testid="menu-print-page"
        extra={
          <Button type="primary" icon={<PrinterOutlined />} disabled={!days.length} onClick={() => window.print()}>
            {t.print}
          </Button>
        }
      >
        {pending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : error ? (
          <Alert type="error" showIcon title={errorText(error)} />
        ) : days.length === 0 ? (
          <Alert type="info" showIcon title={t.nothing} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
            <div style={{ maxWidth: 900 }}>
              <style>{`@media screen { ${MENU_CSS.replaceAll('.tamaq-menu', '.tamaq-menu-preview')} }`}</style>
              <div className="tamaq-menu-preview">{sheet}</div>
            </div>
          </>
        )}
      </Card>
      {sheet && days.length > 0 && (
        <PrintOnly page="A4" css={MENU_CSS}>
          {sheet}
        </PrintOnly>
      )}
    </Flex>
  );
}
