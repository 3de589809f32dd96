import { Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/texts.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import type { Refusal } from './today-refusals.ts';

const t = i18n.fixation.refusals;

/**
 * «Отказы: N» beside «Сегодня: N из M»: today's scans turned away at this station, with the time,
 * the card, the person when the server knew them, and the reason. Nothing shows until one happens.
 */
export function TodayRefusals({ rows, timeZone }: { rows: readonly Refusal[]; timeZone: string }) {
  const [open, setOpen] = useState(false);
  if (rows.length === 0) return null;
  return (
    <>
      <Button
        type="link"
        onClick={() => setOpen(true)}
        data-testid="today-refusals"
        // The red of a refusal's card, dark enough to read on white (antd's danger link is 3.9:1).
        style={{ fontSize: 16, paddingInline: 4, color: '#a8071a' }}
      >
        {t.label} {rows.length}
      </Button>
      <Modal open={open} title={t.title} onCancel={() => setOpen(false)} footer={null} width={760} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
        <Table<Refusal>
          data-testid="today-refusals-list"
          size="small"
          pagination={false}
          scroll={{ y: 420 }}
          rowKey={(r) => `${r.at}|${r.code}`}
          dataSource={rows as Refusal[]}
          columns={[
            {
              key: 'time',
              title: t.time,
              width: 70,
              render: (_, r) => formatVisitTime(r.at, timeZone).slice(11),
            },
            { key: 'card', title: t.card, width: 140, render: (_, r) => r.code },
            {
              key: 'who',
              title: t.who,
              render: (_, r) =>
                r.name ? (
                  <>
                    {r.name}
                    {r.detail && <Typography.Text type="secondary">, {r.detail}</Typography.Text>}
                  </>
                ) : (
                  <Typography.Text type="secondary">{t.unknown}</Typography.Text>
                ),
            },
            { key: 'reason', title: t.reason, render: (_, r) => r.reason },
          ]}
        />
      </Modal>
    </>
  );
}
