import { PrinterOutlined } from '@ant-design/icons';
import { ALLERGEN_NAMES } from '@tamaq/contract/allergens';
import { COOKING_METHOD_NAMES } from '@tamaq/contract/dish-figures';
import { NUTRIENT_NAMES } from '@tamaq/contract/nutrients';
import type { TechCard } from '@tamaq/contract/tech-cards';
import { Alert, Breadcrumb, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { bilingual } from '../../i18n/bilingual.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { nameText } from '../../ui/content-name.tsx';
import { PrintOnly } from '../../ui/print-only.tsx';
import { useDish, useTechCard } from './tech-card-api.ts';

const t = bilingual({
  ru: {
    title: 'Печать технологической карты',
    card: 'Технологическая карта',
    heading: (number: string | null) => (number ? `Технологическая карта № ${number}` : 'Технологическая карта'),
    dish: 'Наименование блюда',
    book: 'Сборник рецептур',
    recipe: (number: string) => `рецептура № ${number}`,
    valid: (from: string, to: string | null) => (to ? `Действует с ${from} по ${to}` : `Действует с ${from}`),
    food: 'Наименование продукта',
    forYield: (g: string) => `На выход ${g} г`,
    forPortion: (group: string, g: string) => `${group}, порция ${g} г`,
    gross: 'Брутто, г',
    net: 'Нетто, г',
    method: 'Способ приготовления',
    yield: 'Выход готового блюда',
    technology: 'Технология приготовления',
    figures: 'Пищевая ценность',
    per100: 'На 100 г',
    figure: 'Показатель',
    salt: 'Соль, г',
    lacks: (names: string) => `Без значения в таблице: ${names}`,
    allergens: 'Аллергены',
    none: 'нет',
    signatures: ['Заведующий производством', 'Диетическая сестра (технолог)', 'Директор'],
    noCard: 'На этот день у блюда нет технологической карты',
    print: 'Печать',
    hint: 'Так карта выйдет на листе A4: для проверяющих и для кухни.',
    gram: 'г',
  },
  kk: {
    title: 'Технологиялық картаны басып шығару',
    card: 'Технологиялық карта',
    heading: (number: string | null) => (number ? `№ ${number} технологиялық карта` : 'Технологиялық карта'),
    dish: 'Тағамның атауы',
    book: 'Рецептуралар жинағы',
    recipe: (number: string) => `№ ${number} рецептура`,
    valid: (from: string, to: string | null) =>
      to ? `${from} бастап ${to} дейін қолданылады` : `${from} бастап қолданылады`,
    food: 'Өнімнің атауы',
    forYield: (g: string) => `${g} г шығымға`,
    forPortion: (group: string, g: string) => `${group}, порция ${g} г`,
    gross: 'Брутто, г',
    net: 'Нетто, г',
    method: 'Әзірлеу тәсілі',
    yield: 'Дайын тағамның шығымы',
    technology: 'Әзірлеу технологиясы',
    figures: 'Тағамдық құндылығы',
    per100: '100 г-ға',
    figure: 'Көрсеткіш',
    salt: 'Тұз, г',
    lacks: (names: string) => `Кестеде мәні жоқ: ${names}`,
    allergens: 'Аллергендер',
    none: 'жоқ',
    signatures: ['Өндіріс меңгерушісі', 'Диеталық мейірбике (технолог)', 'Директор'],
    noCard: 'Бұл күнге тағамның технологиялық картасы жоқ',
    print: 'Басып шығару',
    hint: 'Карта A4 парағына осылай шығады: тексерушілер мен асүй үшін.',
    gram: 'г',
  },
});

const FIGURES = ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG', 'sugarsG', 'fibreG', 'saltG'] as const;
const grams = (n: number) => (Math.round(n * 10) / 10).toString().replace('.', ',');
const figure = (n: number) => n.toFixed(n >= 100 ? 0 : 1).replace('.', ',');

// A4 portrait, the layout of a recipe book's card: the foods for the yield and each portion, the
// method and technology, the figures, the allergens, and the signatures.
const CARD_CSS = `
  .tamaq-card { font: 10.5pt/1.35 Arial, sans-serif; }
  .tamaq-card h1 { font-size: 15pt; margin: 0 0 3mm; text-align: center; }
  .tamaq-card h2 { font-size: 11.5pt; margin: 4mm 0 1.5mm; }
  .tamaq-card p { margin: 0 0 1.5mm; }
  .tamaq-card table { border-collapse: collapse; width: 100%; }
  .tamaq-card th, .tamaq-card td { border: 1px solid #000; padding: 1mm 1.5mm; vertical-align: top; }
  .tamaq-card td.n { text-align: right; white-space: nowrap; }
  .tamaq-card th { font-weight: bold; text-align: center; }
  .tamaq-card th.row { font-weight: normal; text-align: left; }
  .tamaq-card .signs { display: flex; flex-direction: column; gap: 5mm; margin-top: 8mm; }
  .tamaq-card .sign { display: flex; gap: 3mm; }
  .tamaq-card .sign span:last-child { flex: 1; border-bottom: 1px solid #000; }`;

function Sheet({ dish, card }: { dish: string; card: TechCard }) {
  const portions = card.portions.map((p) => ({ ...p, share: p.portion_g / card.yield_g }));
  const figures = (key: (typeof FIGURES)[number]) => ({
    per100: card.figures.per_100g[key],
    portions: card.figures.portions.map((p) => p.figures[key]),
  });
  const lacking = [...new Set(FIGURES.flatMap((k) => card.figures.per_100g[k].missing))];
  return (
    <div className="tamaq-card">
      <h1>{t.heading(card.recipe_number)}</h1>
      <p>
        <b>{t.dish}:</b> {dish}
      </p>
      {card.recipe_book && (
        <p>
          <b>{t.book}:</b> {card.recipe_book}
          {card.recipe_number ? `, ${t.recipe(card.recipe_number)}` : ''}
        </p>
      )}
      <p>{t.valid(formatDate(card.valid_from), card.valid_to ? formatDate(card.valid_to) : null)}</p>
      <table data-testid="printed-card-lines">
        <thead>
          <tr>
            <th rowSpan={2}>№</th>
            <th rowSpan={2}>{t.food}</th>
            <th colSpan={2}>{t.forYield(grams(card.yield_g))}</th>
            {portions.map((p) => (
              <th key={p.age_group.id} colSpan={2}>
                {t.forPortion(nameText(p.age_group), grams(p.portion_g))}
              </th>
            ))}
          </tr>
          <tr>
            {[null, ...portions].map((p) => [
              <th key={`g${p?.age_group.id ?? 0}`}>{t.gross}</th>,
              <th key={`n${p?.age_group.id ?? 0}`}>{t.net}</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {card.lines.map((line, i) => (
            <tr key={`${line.food.id}-${i}`}>
              <td className="n">{i + 1}</td>
              <td>{line.food.name}</td>
              <td className="n">{grams(line.gross_g)}</td>
              <td className="n">{grams(line.net_g)}</td>
              {portions.map((p) => [
                <td key={`g${p.age_group.id}`} className="n">
                  {grams(line.gross_g * p.share)}
                </td>,
                <td key={`n${p.age_group.id}`} className="n">
                  {grams(line.net_g * p.share)}
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: '2mm' }}>
        <b>{t.method}:</b> {COOKING_METHOD_NAMES[card.method]}. <b>{t.yield}:</b> {grams(card.yield_g)} {t.gram}
      </p>
      {card.technology && (
        <>
          <h2>{t.technology}</h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{card.technology}</p>
        </>
      )}
      <h2>{t.figures}</h2>
      <table data-testid="printed-card-figures">
        <thead>
          <tr>
            <th scope="col">{t.figure}</th>
            <th scope="col">{t.per100}</th>
            {portions.map((p) => (
              <th key={p.age_group.id}>{t.forPortion(nameText(p.age_group), grams(p.portion_g))}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIGURES.map((key) => {
            const f = figures(key);
            const mark = (v: { value: number; missing: string[] }) =>
              `${v.missing.length ? '≥ ' : ''}${figure(v.value)}`;
            return (
              <tr key={key}>
                <th scope="row" className="row">
                  {key === 'saltG' ? t.salt : NUTRIENT_NAMES[key]}
                </th>
                <td className="n">{mark(f.per100)}</td>
                {f.portions.map((v, i) => (
                  <td key={portions[i]?.age_group.id ?? i} className="n">
                    {mark(v)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {lacking.length > 0 && <p>{t.lacks(lacking.join(', '))}</p>}
      <p style={{ marginTop: '2mm' }}>
        <b>{t.allergens}:</b> {card.allergens.length ? card.allergens.map((a) => ALLERGEN_NAMES[a]).join(', ') : t.none}
      </p>
      <div className="signs">
        {t.signatures.map((who) => (
          <div key={who} className="sign">
            <span>{who}</span>
            <span />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * '/product/:categoryId/:id/card/print': the dish's card valid on `?date=` (today without it) on A4,
 * as a recipe book prints it, for the inspector and the kitchen (docs/rules.md "Technological cards").
 */
export function TechCardPrintPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const dishId = Number(params.id);
  const categoryId = Number(params.categoryId);
  const dish = useDish(dishId);
  const card = useTechCard(dishId, search.get('date'));
  const dishName = dish.data ? nameText(dish.data) : '';
  const shown = card.data?.card ?? null;
  const sheet = shown && dish.data ? <Sheet dish={dishName} card={shown} /> : null;
  const error = dish.error ?? card.error;
  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={`/product/${categoryId}/${dishId}`}>{dishName || '…'}</Link> },
          { title: <Link to={`/product/${categoryId}/${dishId}/card`}>{t.card}</Link> },
          { title: t.title },
        ]}
      />
      <Card
        title={t.title}
        data-testid="tech-card-print-page"
        extra={
          <Button type="primary" icon={<PrinterOutlined />} disabled={!sheet} onClick={() => window.print()}>
            {t.print}
          </Button>
        }
      >
        {error ? (
          <Alert type="error" showIcon title={errorText(error)} />
        ) : !card.data || !dish.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : !sheet ? (
          <Alert type="info" showIcon title={t.noCard} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
            <div style={{ maxWidth: 900, overflowX: 'auto' }}>
              <style>{`@media screen { ${CARD_CSS.replaceAll('.tamaq-card', '.tamaq-card-preview')} }`}</style>
              <div className="tamaq-card-preview">{sheet}</div>
            </div>
          </>
        )}
      </Card>
      {sheet && (
        <PrintOnly page="A4" css={CARD_CSS}>
          {sheet}
        </PrintOnly>
      )}
    </Flex>
  );
}
