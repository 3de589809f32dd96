import { ALLERGEN_SHORT } from '@tamaq/contract/allergens';
import { allergenLine } from '../../ui/allergen-line.ts';
import { ContentName, nameMatches, nameText } from '../../ui/content-name.tsx';
import type { Cashbox, CashboxDish } from '@tamaq/contract/orders';
import { Alert, Avatar, Empty, Skeleton, theme, Typography, type InputRef } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatCost } from '../../lib/money.ts';
import { SearchField } from '../../ui/search-field.tsx';

const t = i18n.food.cashbox;

export interface BoardItem {
  dish: CashboxDish;
  /** The heading the item starts, for the first item of a section. */
  heading?: string;
}

/**
 * What the board shows, in keyboard order: with no search the favourites then each category; with a
 * search every dish whose name holds it (case-insensitive), in either language, once.
 */
export function boardItems(data: Cashbox | undefined, query: string): BoardItem[] {
  if (!data) return [];
  const text = query.trim().toLocaleLowerCase('ru');
  if (text) {
    const seen = new Set<number>();
    return [...data.favorites, ...data.menu.flatMap((c) => c.products)]
      .filter(
        (d) =>
          !seen.has(d.id) && seen.add(d.id) && nameMatches(d, (name) => name.toLocaleLowerCase('ru').includes(text)),
      )
      .map((dish) => ({ dish }));
  }
  const sections = [
    ...(data.favorites.length ? [{ name: t.favorites, products: data.favorites }] : []),
    ...data.menu.map((c) => ({ name: nameText(c), products: c.products })),
  ];
  return sections.flatMap((s) => s.products.map((dish, i) => (i === 0 ? { dish, heading: s.name } : { dish })));
}

export interface DishBoardProps {
  data: Cashbox | undefined;
  loading: boolean;
  error: unknown;
  items: BoardItem[];
  query: string;
  onQuery: (query: string) => void;
  active: number;
  onAdd: (dish: CashboxDish) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  inputRef: Ref<InputRef>;
}

/** The search (focused: the cashier types and presses Enter) and the dishes as tiles to click. */
export function DishBoard({
  data,
  loading,
  error,
  items,
  query,
  onQuery,
  active,
  onAdd,
  onKeyDown,
  inputRef,
}: DishBoardProps) {
  const { token } = theme.useToken();
  const activeRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active, items]);

  return (
    <div data-testid="dish-board">
      <SearchField
        ref={inputRef}
        autoFocus
        allowClear
        size="large"
        label={t.search}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={onKeyDown}
        style={{ marginBottom: 12 }}
      />
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {data.paid_menu ? t.todayMenu(nameText(data.paid_menu), data.paid_menu.day) : t.allDishes}
        </Typography.Paragraph>
      )}
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : error && !data ? (
        <Alert type="error" showIcon title={t.loadFailed} />
      ) : items.length === 0 ? (
        <Empty description={query ? t.nothing : t.noDishes} />
      ) : (
        <div
          role="listbox"
          aria-label={t.search}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 8 }}
        >
          {groupsOf(items).map((group) => (
            // A category's dishes are a group of the list, named by its heading (a list of options
            // may hold options and groups only).
            <div
              key={group.start}
              role={group.heading ? 'group' : undefined}
              aria-label={group.heading ?? undefined}
              style={{ display: 'contents' }}
            >
              {group.heading && (
                <Typography.Title
                  level={5}
                  aria-hidden
                  style={{ gridColumn: '1 / -1', margin: group.start === 0 ? 0 : '8px 0 0' }}
                >
                  {group.heading}
                </Typography.Title>
              )}
              {group.entries.map(({ dish, i }) => (
                <button
                  type="button"
                  role="option"
                  aria-selected={i === active}
                  ref={i === active ? activeRef : undefined}
                  data-testid="dish-tile"
                  tabIndex={-1}
                  onClick={() => onAdd(dish)}
                  title={[nameText(dish), allergenLine(dish.allergens)].filter(Boolean).join('\n')}
                  style={{
                    display: 'flex',
                    gap: 8,
                    alignItems: 'center',
                    textAlign: 'left',
                    padding: 8,
                    minHeight: 64,
                    cursor: 'pointer',
                    background: i === active ? token.colorPrimaryBg : token.colorBgContainer,
                    border: `1px solid ${i === active ? token.colorPrimary : token.colorBorderSecondary}`,
                    borderRadius: token.borderRadius,
                    font: 'inherit',
                  }}
                >
                  {dish.image && <Avatar shape="square" size={44} src={dish.image.url} alt="" />}
                  <span style={{ minWidth: 0, flex: 1 }}>
                    <span
                      style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      <ContentName value={dish} />
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dish.output}
                    </Typography.Text>
                    {dish.allergens.length > 0 && (
                      <span
                        data-testid="dish-allergens"
                        style={{
                          display: 'block',
                          fontSize: 12,
                          color: token.colorWarningText,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {/* The tile is narrow: the names alone after a sign; the whole line in its title. */}
                        {`⚠ ${dish.allergens.map((a) => ALLERGEN_SHORT[a]).join(', ')}`}
                      </span>
                    )}
                    <span style={{ display: 'block', fontWeight: 600 }}>{formatCost(dish.cost, t.currency)}</span>
                  </span>
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The board's dishes in runs under their category's heading, each dish with its place in the list. */
function groupsOf<D>(items: { dish: D; heading?: string | null }[]) {
  const groups: { heading: string | null; start: number; entries: { dish: D; i: number }[] }[] = [];
  items.forEach(({ dish, heading }, i) => {
    if (heading || groups.length === 0) groups.push({ heading: heading ?? null, start: i, entries: [] });
    groups[groups.length - 1]!.entries.push({ dish, i });
  });
  return groups;
}
