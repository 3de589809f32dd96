import { nameText } from './content-name.tsx';
import type { Order } from '@tamaq/contract/orders';
import { i18n } from '../i18n/texts.ts';
import { useOrganizationTimeZone } from '../lib/profile.ts';
import { formatVisitTime } from '../lib/visit-time.ts';
import { PrintOnly } from './print-only.tsx';
import { formatCost } from '../lib/money.ts';

const t = i18n.food.cashbox;
const money = (amount: string) => formatCost(amount, t.currency);

// On an 80 mm roll (72 mm printable), in black monospace.
const RECEIPT_CSS = `
  .tamaq-receipt { width: 72mm; font: 12px/1.35 "Courier New", monospace; }
  .tamaq-receipt h1 { font-size: 14px; margin: 0 0 2mm; text-align: center; }
  .tamaq-receipt p { margin: 0; }
  .tamaq-receipt .line { display: flex; justify-content: space-between; gap: 2mm; }
  .tamaq-receipt .rule { border-top: 1px dashed #000; margin: 2mm 0; }
  .tamaq-receipt .total { font-weight: bold; font-size: 14px; }
  .tamaq-receipt .center { text-align: center; }`;

/**
 * The paid order as a till receipt: hidden on screen, the only thing a print of the page shows. A
 * reprint (`copy`) says it is a copy, and a voided order that it was voided and why.
 */
export function Receipt({ order, school, copy = false }: { order: Order; school: string | null; copy?: boolean }) {
  const timeZone = useOrganizationTimeZone();
  return (
    <PrintOnly page="80mm auto" margin="3mm 4mm" css={RECEIPT_CSS} testId="receipt">
      <div className="tamaq-receipt">
        <h1>{school ?? 'Tamaq'}</h1>
        <p className="center">{t.receipt.order(order.id)}</p>
        <p className="center">{formatVisitTime(order.created_at, timeZone)}</p>
        {copy && <p className="center total">{t.receipt.copy}</p>}
        {order.voided && (
          <p className="center total">
            {t.receipt.voided}: {order.voided.reason}
          </p>
        )}
        <div className="rule" />
        {order.products.map((l) => (
          <div key={l.id}>
            <p>{nameText(l)}</p>
            <p className="line">
              <span>
                {l.count} × {money(l.cost)}
              </span>
              <span>{money(l.amount)}</span>
            </p>
          </div>
        ))}
        <div className="rule" />
        <p className="line total">
          <span>{t.receipt.total}</span>
          <span>{money(order.amount)}</span>
        </p>
        {order.cash_received !== null && order.change !== null && (
          <>
            <p className="line">
              <span>{t.receipt.cashReceived}</span>
              <span>{money(order.cash_received)}</span>
            </p>
            <p className="line">
              <span>{t.receipt.change}</span>
              <span>{money(order.change)}</span>
            </p>
          </>
        )}
        <p>{t.receipt.payment}</p>
        {order.cashier && (
          <p>
            {t.receipt.cashier}: {order.cashier}
          </p>
        )}
        <div className="rule" />
        <p className="center">{t.receipt.thanks}</p>
      </div>
    </PrintOnly>
  );
}
