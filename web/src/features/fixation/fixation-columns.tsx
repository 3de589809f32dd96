import type { Fixation } from '@tamaq/contract/fixations';
import type { TableColumnsType } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { Thumb } from '../../ui/image-viewer.tsx';
import { formatVisitTime } from '../../lib/visit-time.ts';

const t = i18n.fixation.history;

export interface FixationColumnsOptions {
  /** The second column: the job title (canteen) or the class (school), with its header. */
  detail: { title: string; value: (f: Fixation) => string | null };
  /** Absent: the role may not delete visits, the column is left out. */
  onDelete?: (f: Fixation) => Promise<unknown>;
  /** The organization's time zone, which the times are shown in. */
  timeZone: string;
}

/** Photo, name, job title or class, category, 'dd.MM.yyyy HH:mm' and delete (docs/product.md "Scanning at a canteen", "Scanning at a school"). */
export function fixationColumns({ detail, onDelete, timeZone }: FixationColumnsOptions): TableColumnsType<Fixation> {
  return [
    {
      key: 'photo',
      title: t.photo,
      width: 64,
      render: (_, f) => <Thumb url={f.user.image?.url} alt={f.user.name} />,
    },
    {
      key: 'name',
      title: t.name,
      render: (_, f) => (f.count > 1 ? `${f.user.name} ${t.count(f.count)}` : f.user.name),
    },
    { key: 'detail', title: detail.title, render: (_, f) => detail.value(f) ?? '' },
    { key: 'category', title: t.category, render: (_, f) => f.category?.name ?? '' },
    { key: 'date', title: t.date, width: 150, render: (_, f) => formatVisitTime(f.created_at, timeZone) },
    ...(onDelete
      ? [
          {
            key: 'actions',
            title: t.actions,
            width: 90,
            render: (_: unknown, f: Fixation) => (
              <ConfirmDelete
                title={t.confirmDelete}
                onConfirm={() => onDelete(f)}
                label={`${t.delete} ${f.user.name}`}
              />
            ),
          },
        ]
      : []),
  ];
}
