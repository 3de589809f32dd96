import { CreditCardOutlined } from '@ant-design/icons';
import { normaliseCardNumber } from '@tamaq/contract/cards';
import type { UserRow } from '@tamaq/contract/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-error.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { pageScanSounds } from '../../lib/scan-sounds.ts';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner.ts';
import { usersKey } from './api/list-users.ts';

const t = i18n.users.roster;
/** A class is at most a few dozen pupils: all of them in one list. */
const ROSTER_LIMIT = 1000;

type Note = { kind: 'success' | 'error' | 'info'; text: string };
/** The card numbers linked in this pass, by pupil. */
type Linked = Map<number, string[]>;

const hasCard = (r: UserRow, linked: Linked) => r.cards_count > 0 || (linked.get(r.id)?.length ?? 0) > 0;

/** The next pupil without a card after `from` (from the top when null), round the list. */
function nextWithout(rows: UserRow[], linked: Linked, from: number | null): number | null {
  const start = from === null ? 0 : rows.findIndex((r) => r.id === from) + 1;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[(start + k) % rows.length]!;
    if (!hasCard(r, linked)) return r.id;
  }
  return null;
}

/** The marked pupil: the one picked, else the first without a card. */
function currentOf(rows: UserRow[], linked: Linked, chosen: number | null): UserRow | null {
  const id = chosen ?? nextWithout(rows, linked, null);
  return rows.find((r) => r.id === id) ?? null;
}

/**
 * «Раздать карты» on a class: its pupils in a list, the next one without a card marked; each scan
 * links its card to that pupil and moves on to the next without one. A card another person holds is
 * moved only after asking; a click picks the pupil; Esc (or «Закрыть») stops.
 */
export function CardRosterButton({ classroomId, className }: { classroomId: number; className: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <Button icon={<CreditCardOutlined />} onClick={() => setOpen(true)} data-testid="card-roster-open">
        {t.open}
      </Button>
      {open && (
        <CardRoster
          classroomId={classroomId}
          className={className}
          onClose={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: usersKey });
            // The cards' lists too (their key, in the cards feature).
            void queryClient.invalidateQueries({ queryKey: ['cards'] });
          }}
        />
      )}
    </>
  );
}

function CardRoster({
  classroomId,
  className,
  onClose,
}: {
  classroomId: number;
  className: string;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const sounds = pageScanSounds();
  const pupils = useQuery({
    queryKey: [...usersKey, 'roster', classroomId] as const,
    queryFn: ({ signal }) =>
      callEndpoint('users', 'list', { query: { classroomId, limit: ROSTER_LIMIT, offset: 0 } }, { signal }),
    staleTime: 0,
  });
  const rows: UserRow[] = useMemo(() => pupils.data?.rows ?? [], [pupils.data]);
  // The numbers linked here by pupil, and the pupil picked (null: the first without a card); the
  // scans, one after another between renders, read and write them through `live`.
  const [linked, setLinked] = useState<Linked>(() => new Map());
  const [chosen, setChosen] = useState<number | null>(null);
  const live = useRef<{ rows: UserRow[]; linked: Linked; chosen: number | null }>({
    rows: [],
    linked: new Map(),
    chosen: null,
  });
  useEffect(() => {
    live.current.rows = rows;
  }, [rows]);
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const current = currentOf(rows, linked, chosen);
  const currentId = current?.id ?? null;
  const left = rows.filter((r) => !hasCard(r, linked)).length;
  const choose = (id: number | null) => {
    live.current.chosen = id;
    setChosen(id);
  };
  const nextAfter = (from: number) => nextWithout(live.current.rows, live.current.linked, from);

  const say = (kind: Note['kind'], text: string) => {
    setNote({ kind, text });
    sounds.play(kind === 'error' ? 'refusal' : 'success');
  };

  // Scans are handled one after another: two quick cards never go to one pupil.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const give = async (pupil: UserRow, cardId: number, number: string) => {
    await callEndpoint('cards', 'give', { body: { userId: pupil.id, cardId } });
    const next = new Map(live.current.linked);
    next.set(pupil.id, [...(next.get(pupil.id) ?? []), number]);
    live.current.linked = next;
    setLinked(next);
    choose(nextAfter(pupil.id));
    say('success', t.linked(number, pupil.name));
  };
  const onScan = (code: string) => {
    queue.current = queue.current.then(async () => {
      const pupil = currentOf(live.current.rows, live.current.linked, live.current.chosen);
      if (!pupil) return say('info', t.allHaveCards);
      setBusy(true);
      try {
        const card = await callEndpoint('cards', 'link', { body: { number: normaliseCardNumber(code) } });
        if (card.user?.id === pupil.id) {
          choose(nextAfter(pupil.id));
          return say('info', t.alreadyTheirs(card.number, pupil.name));
        }
        const holder = card.user;
        if (!holder) return await give(pupil, card.id, card.number);
        // Another person's card moves only when asked.
        setAsking(true);
        await new Promise<void>((resolve) => {
          modal.confirm({
            title: t.moveTitle(card.number, holder.name),
            content: t.moveContent(pupil.name),
            okText: t.move,
            cancelText: t.keep,
            autoFocusButton: 'cancel',
            onOk: async () => {
              try {
                await callEndpoint('cards', 'take', { query: { userId: holder.id, cardId: card.id } });
                await give(pupil, card.id, card.number);
              } catch (err) {
                say('error', errorText(err));
              }
            },
            onCancel: () => setNote({ kind: 'info', text: t.kept(card.number, holder.name) }),
            afterClose: () => {
              setAsking(false);
              resolve();
            },
          });
        });
      } catch (err) {
        say('error', errorText(err));
      } finally {
        setBusy(false);
      }
    });
  };
  useBarcodeScanner(onScan, { enabled: !asking && pupils.isSuccess });
  // Esc stops the roster wherever the focus is: after a question closes it rests on the page, where
  // the dialog's own Esc never hears it. While a question is open, Esc answers the question.
  useEffect(() => {
    if (asking) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [asking, onClose]);

  return (
    <Modal
      open
      title={t.title(className)}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text data-testid="card-roster-left">{t.left(left, rows.length)}</Typography.Text>
          <Flex gap={8}>
            <Button onClick={() => current && choose(nextAfter(current.id))} disabled={left < 2}>
              {t.skip}
            </Button>
            <Button type="primary" onClick={onClose}>
              {t.close}
            </Button>
          </Flex>
        </Flex>
      }
      width={720}
      data-testid="card-roster"
    >
      <Flex vertical gap={12}>
        {pupils.isError ? (
          <Alert type="error" showIcon title={errorText(pupils.error)} />
        ) : current ? (
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="card-roster-current" aria-live="polite">
            {t.scanFor(current.name)}
          </Typography.Title>
        ) : (
          pupils.isSuccess && <Alert type="success" showIcon title={t.allHaveCards} />
        )}
        {note && (
          <Alert type={note.kind} showIcon title={note.text} data-testid="card-roster-note" data-kind={note.kind} />
        )}
        <Table<UserRow>
          size="small"
          rowKey="id"
          loading={pupils.isLoading || busy}
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={rows}
          locale={{ emptyText: pupils.isLoading ? i18n.ui.loading : t.noPupils }}
          onRow={(r) => ({
            onClick: () => choose(r.id),
            style: { cursor: 'pointer', background: r.id === currentId ? '#e6f4ea' : undefined },
            'aria-current': r.id === currentId ? 'true' : undefined,
          })}
          columns={[
            { key: 'name', title: t.pupil, render: (_, r) => r.name },
            {
              key: 'cards',
              title: t.cards,
              width: 260,
              render: (_, r) => {
                const now = linked.get(r.id) ?? [];
                if (now.length > 0) return now.map((n) => <Tag key={n}>{n}</Tag>);
                return r.cards_count > 0 ? (
                  t.hadCards(r.cards_count)
                ) : (
                  <Typography.Text type="secondary">{t.noCard}</Typography.Text>
                );
              },
            },
          ]}
        />
        <Typography.Text type="secondary">{t.hint}</Typography.Text>
      </Flex>
    </Modal>
  );
}
