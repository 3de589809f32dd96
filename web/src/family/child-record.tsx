import type { ChildRecord as Record } from '@tamaq/contract/family';
import { LoadFailed } from './load-failed.tsx';
import { useState } from 'react';
import { familyTexts as i18n } from '../i18n/family-texts.ts';
import { formatDate } from '../lib/dates.ts';
import { nameText } from '../lib/names.ts';
import { Folded, Loading } from '../ui/plain/plain.tsx';
import { useChildRecord } from './api/get-child-record.ts';

const t = i18n.landing.children.record;
const c = i18n.landing.children.calendar;

function RecordList({ record }: { record: Record }) {
  const wallet = record.social_wallet;
  const place = [record.school && nameText(record.school), record.classroom && nameText(record.classroom)];
  const category = record.food_category
    ? [
        nameText(record.food_category),
        wallet && c.socialWallet(wallet.from && formatDate(wallet.from), wallet.until && formatDate(wallet.until)),
        wallet?.order && t.order(wallet.order),
      ]
    : [c.noCategory];
  const ask = record.contacts.map((p) => [p.name, p.job_title].filter(Boolean).join(', ')).join('; ');
  const where = record.school ? [nameText(record.school), record.school.city, record.school.address] : [];
  const items = [
    { key: 'name', label: t.name, children: record.name },
    { key: 'iin', label: t.iin, children: record.iin_masked ?? t.notGiven },
    { key: 'photo', label: t.photo, children: record.has_photo ? t.photoYes : t.no },
    { key: 'place', label: t.place, children: place.filter(Boolean).join(' · ') || t.notGiven },
    { key: 'category', label: t.category, children: category.filter(Boolean).join(' · ') },
    {
      key: 'cards',
      label: t.cards,
      children:
        record.cards.length === 0
          ? t.no
          : record.cards
              .map((k) => (k.linked_on ? t.cardSince(k.number_masked, formatDate(k.linked_on)) : k.number_masked))
              .join(', '),
    },
    ...(record.has_watch ? [{ key: 'watch', label: t.watch, children: t.yes }] : []),
    { key: 'held', label: t.heldTitle, children: t.held(record.held.meals, record.held.absences, record.held.loans) },
    {
      key: 'parents',
      label: t.parents,
      children: record.parents.map((p) => t.since(p.name, formatDate(p.since))).join(', '),
    },
    { key: 'dates', label: t.dates, children: t.datesOf(formatDate(record.added), formatDate(record.updated)) },
  ];
  return (
    <>
      <dl className="tq-record" data-testid="child-record-list">
        {items.map((i) => (
          <div key={i.key}>
            <dt>{i.label}</dt>
            <dd>{i.children}</dd>
          </div>
        ))}
      </dl>
      <p style={{ marginTop: 12, marginBottom: 8 }} data-testid="child-record-ask">
        {t.correct} {ask ? `${t.school}: ${ask}` : t.school}
        {where.length > 0 && ` (${where.filter(Boolean).join(', ')})`}.
      </p>
      <a href="/privacy">{t.policy}</a>
    </>
  );
}

function RecordBody({ childId }: { childId: number }) {
  const record = useChildRecord(childId, true);
  if (record.isError && !record.data) return <LoadFailed message={t.loadFailed} retry={record.refetch} />;
  if (!record.data) return <Loading rows={4} label={i18n.ui.loading} />;
  return <RecordList record={record.data} />;
}

/**
 * What the school holds about the child, said plainly, and whom to ask to correct it (docs/rules.md
 * "A parent's children"): folded until the parent opens it, read then.
 */
export function ChildRecord({ childId }: { childId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Folded
      summary={t.title}
      onToggle={(now) => now && setOpen(true)}
      style={{ marginTop: 8 }}
      data-testid="child-record"
    >
      {open ? <RecordBody childId={childId} /> : null}
    </Folded>
  );
}
