import { allergenLine } from '../../ui/allergen-line.ts';
import { ContentName, nameText } from '../../ui/content-name.tsx';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  AuditOutlined,
  CloseOutlined,
  CopyOutlined,
  PlusOutlined,
  PrinterOutlined,
  TableOutlined,
} from '@ant-design/icons';

import { MEAL_MODES, type Menu, type MenuDish } from '@tamaq/contract/menus';
import { SEARCH_DEBOUNCE_MS } from '@tamaq/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  List,
  Modal,
  Space,
  Tabs,
  Tag,
  Typography,
  type InputRef,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { formatCost } from '../../lib/money.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { CopyDayModal } from './copy-day-modal.tsx';
import { MenuDayFigures, menuFiguresKey } from './menu-figures.tsx';
import { CopyMenuModal } from './copy-menu-modal.tsx';
import { menusResource } from './menus-resource.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { menuWeekOf } from './menu-print.ts';
import { useDialogField, useReturnFocus } from '../../ui/dialog-focus.ts';

const t = i18n.food.menus;
const p = i18n.food.menuPrint;
const modeName = (g: number) => MEAL_MODES[g as keyof typeof MEAL_MODES] ?? String(g);

/** The menu's dishes by day and meal mode (docs/product.md "Menus"): add through the dialog, remove after asking. */
export function MenuDishes({ menu }: { menu: Menu }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [day, setDay] = useState(1);
  const [picking, setPicking] = useState<number | null>(null);
  const pickerFocus = useReturnFocus(picking !== null);
  const [copyingDay, setCopyingDay] = useState<number | null>(null);
  const [copyingMenu, setCopyingMenu] = useState(false);
  const groups = menu.groups.split(',').filter(Boolean).map(Number);
  const dishes = menu.products ?? [];
  const shown = Math.min(day, menu.days);
  const refresh = (saved: Menu) => {
    queryClient.setQueryData([...menusResource.key, 'detail', menu.id], saved);
    void queryClient.invalidateQueries({ queryKey: menusResource.key });
    void queryClient.invalidateQueries({ queryKey: menuFiguresKey(menu.id) });
  };
  const remove = useMutation({
    mutationFn: (d: MenuDish) =>
      callEndpoint('menus', 'removeDish', {
        body: { menu_id: menu.id, day: d.day, group: d.group, product_id: d.product_id },
      }),
    onSuccess: (saved) => {
      refresh(saved);
      void message.success(t.dishRemoved);
    },
  });
  // The meal's dishes in the order served: one moved a place up or down, the rest as they are.
  const order = useMutation({
    mutationFn: ({ here, from, to }: { here: MenuDish[]; from: number; to: number }) => {
      const ids = here.map((d) => d.product_id);
      const [moved] = ids.splice(from, 1);
      ids.splice(to, 0, moved!);
      return callEndpoint('menus', 'orderDishes', {
        body: { menu_id: menu.id, day: here[0]!.day, group: here[0]!.group, product_ids: ids },
      });
    },
    onSuccess: (saved) => {
      refresh(saved);
      void message.success(t.orderSaved);
    },
    onError: (err) => void message.error(errorText(err)),
  });

  return (
    <Card
      title={t.dishesTitle}
      data-testid="menu-dishes"
      extra={
        <Space wrap>
          <Button icon={<CopyOutlined />} onClick={() => setCopyingDay(shown)} data-testid="copy-day-open">
            {t.copyDay}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => setCopyingMenu(true)} data-testid="copy-menu-open">
            {t.copyMenu}
          </Button>
          <LinkButton icon={<PrinterOutlined />} to={`/menu/${menu.id}/print?day=${shown}`}>
            {p.printDay}
          </LinkButton>
          <LinkButton
            icon={<PrinterOutlined />}
            to={`/menu/${menu.id}/print?days=${menuWeekOf(menu.days, shown).first}-${menuWeekOf(menu.days, shown).last}`}
          >
            {p.printWeek}
          </LinkButton>
          <LinkButton icon={<AuditOutlined />} to={`/menu/${menu.id}/approval`}>
            {p.printApproval}
          </LinkButton>
          <LinkButton icon={<TableOutlined />} to={`/menu/${menu.id}/layout?day=${shown}`}>
            {p.printLayout}
          </LinkButton>
        </Space>
      }
    >
      <Tabs
        activeKey={String(shown)}
        onChange={(k) => setDay(Number(k))}
        items={Array.from({ length: menu.days }, (_, i) => ({ key: String(i + 1), label: t.day(i + 1) }))}
      />
      <Flex wrap gap={16}>
        {groups.map((g) => {
          const here = dishes.filter((d) => d.day === shown && d.group === g);
          return (
            <Card
              key={g}
              size="small"
              title={modeName(g)}
              style={{ width: 300 }}
              data-testid={`menu-cell-${g}`}
              extra={
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    pickerFocus.remember();
                    setPicking(g);
                  }}
                >
                  {t.addDishes}
                </Button>
              }
            >
              {here.length === 0 ? (
                <Typography.Text type="secondary">{t.noDishes}</Typography.Text>
              ) : (
                <List
                  size="small"
                  dataSource={here}
                  rowKey={(d) => d.product_id}
                  renderItem={(d, i) => (
                    <List.Item
                      style={{ paddingInline: 0 }}
                      actions={[
                        <Space.Compact key="order" direction="vertical" size="small">
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowUpOutlined />}
                            aria-label={t.moveUp(nameText(d.product))}
                            disabled={i === 0 || order.isPending}
                            onClick={() => order.mutate({ here, from: i, to: i - 1 })}
                          />
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowDownOutlined />}
                            aria-label={t.moveDown(nameText(d.product))}
                            disabled={i === here.length - 1 || order.isPending}
                            onClick={() => order.mutate({ here, from: i, to: i + 1 })}
                          />
                        </Space.Compact>,
                        <ConfirmDelete
                          key="remove"
                          title={t.confirmRemoveDish}
                          label={t.removeDish(nameText(d.product))}
                          onConfirm={() => remove.mutateAsync(d)}
                        />,
                      ]}
                    >
                      <List.Item.Meta
                        avatar={
                          <Avatar shape="square" src={d.product.image?.url} alt="">
                            {d.product.name.slice(0, 1)}
                          </Avatar>
                        }
                        title={<ContentName value={d.product} />}
                        description={[
                          `${d.product.output} · ${formatCost(d.product.cost, i18n.food.dishes.currency)}`,
                          allergenLine(d.product.allergens),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </List.Item>
                  )}
                />
              )}
            </Card>
          );
        })}
      </Flex>
      <MenuDayFigures menuId={menu.id} day={shown} />
      {picking !== null && (
        <DishPicker
          menu={menu}
          day={shown}
          group={picking}
          taken={dishes.filter((d) => d.day === shown && d.group === picking).map((d) => d.product_id)}
          onClose={() => setPicking(null)}
          onSaved={(saved, n) => {
            refresh(saved);
            void message.success(t.added(n));
            setPicking(null);
          }}
        />
      )}
      <CopyDayModal menu={menu} day={copyingDay} onClose={() => setCopyingDay(null)} onCopied={refresh} />
      <CopyMenuModal menu={menu} open={copyingMenu} onClose={() => setCopyingMenu(false)} />
    </Card>
  );
}

/**
 * The dish-picking dialog: dishes found by a part of their name once 2 letters are typed (200 ms
 * after typing stops), several at once; those already on the day and mode are shown checked. Picks
 * survive every search: they are listed above the results, each one can be taken back there.
 */
function DishPicker(props: {
  menu: Menu;
  day: number;
  group: number;
  taken: number[];
  onClose: () => void;
  onSaved: (menu: Menu, added: number) => void;
}) {
  const { menu, day, group, taken, onClose, onSaved } = props;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  /** Picked dishes by id, in the order picked: a search that no longer shows one keeps it. */
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const chosen = useMemo(() => [...picked.keys()], [picked]);
  const toggle = (id: number, name: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['dishes', 'pick', query],
    queryFn: ({ signal }) => callEndpoint('dishes', 'list', { query: { query, limit: 50, offset: 0 } }, { signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
  const takenSet = useMemo(() => new Set(taken), [taken]);
  const add = useMutation({
    mutationFn: () =>
      callEndpoint('menus', 'addDishes', { body: { menu_id: menu.id, day, group, product_ids: chosen } }),
    onSuccess: (saved) => onSaved(saved, chosen.length),
    onError: (err) => setError(errorText(err)),
  });
  const rows = query.length >= 2 ? (found.data?.rows ?? []) : [];
  const [searchRef, searchShown] = useDialogField<InputRef>();

  return (
    <Modal
      open
      title={t.addTo(day, modeName(group))}
      onCancel={onClose}
      okText={t.dialogAdd(chosen.length)}
      cancelText={i18n.ui.cancel}
      okButtonProps={{ disabled: chosen.length === 0, loading: add.isPending }}
      onOk={() => add.mutate()}
      afterOpenChange={searchShown}
      destroyOnHidden
    >
      <SearchField
        ref={searchRef}
        autoFocus
        allowClear
        label={t.dialogSearch}
        value={text}
        onChange={(e) => setText(e.target.value)}
        loading={found.isFetching}
      />
      {picked.size > 0 && (
        <Flex wrap gap={4} align="center" style={{ marginTop: 12 }} data-testid="dish-picker-chosen">
          <Typography.Text type="secondary">{t.dialogChosen}:</Typography.Text>
          {[...picked].map(([id, name]) => (
            <Tag
              key={id}
              closable
              onClose={() => toggle(id, name, false)}
              closeIcon={<CloseOutlined aria-label={t.dialogUnpick(name)} />}
            >
              {name}
            </Tag>
          ))}
        </Flex>
      )}
      <div style={{ maxHeight: 360, overflowY: 'auto', marginTop: 12 }} data-testid="dish-picker">
        {query.length < 2 ? (
          <Typography.Text type="secondary">{t.dialogHint}</Typography.Text>
        ) : rows.length === 0 && !found.isFetching ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.dialogNothing} />
        ) : (
          <Flex vertical gap={8}>
            {rows.map((d) => (
              <Checkbox
                key={d.id}
                checked={takenSet.has(d.id) || picked.has(d.id)}
                disabled={takenSet.has(d.id)}
                onChange={(e) => toggle(d.id, nameText(d), e.target.checked)}
              >
                <ContentName value={d} />{' '}
                <Typography.Text type="secondary">
                  {d.output} · {formatCost(d.cost, i18n.food.dishes.currency)}
                  {takenSet.has(d.id) ? ` · ${t.already}` : ''}
                </Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        )}
      </div>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
