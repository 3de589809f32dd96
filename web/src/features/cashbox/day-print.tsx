import { nameText } from '../../ui/content-name.tsx';
import type { CashierDay, Order } from '@tamaq/contract/orders';
import { i18n } from '../../i18n/texts.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatCost } from '../../lib/money.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { PrintOnly } from '../../ui/print-only.tsx';

const t = i18n.food.cashierDay;
const o = i18n.food.orders;
export const money = (amount: string) => formatCost(amount, i18n.food.cashbox.currency);
export const dishesOf = (order: Order) => order.products.map((p) => `${nameText(p)} × ${p.count}`).join(', ');
/** The time of day of an order, 'HH:mm' in the organization's zone. */
export const timeOf = (iso: string, zone: string) => formatVisitTime(iso, zone).slice(-5);

const PRINT_CSS = `
  .tamaq-day { font: 11pt/1.35 Arial, sans-serif; }
  .tamaq-day h1 { font-size: 15pt; margin: 0 0 4mm; }
  .tamaq-day p { margin: 0 0 1mm; }
  .tamaq-day table { width: 100%; border-collapse: collapse; margin: 4mm 0; }
  .tamaq-day th, .tamaq-day td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
  .tamaq-day td.sum { text-align: right; white-space: nowrap; }
  .tamaq-day tr.voided td { text-decoration: line-through; }
  .tamaq-day .total { font-weight: bold; font-size: 13pt; }
  .tamaq-day .sign { display: flex; justify-content: space-between; margin-top: 12mm; }`;

/** The day on A4: the orders, the totals, the cash to hand over, and two signatures. */
export function DayPrint({ day, timeZone }: { day: CashierDay; timeZone: string }) {
  return (
    <PrintOnly page="A4" css={PRINT_CSS} testId="day-print">
      <div className="tamaq-day">
        <h1>{t.printTitle(formatDate(day.date))}</h1>
        {day.school && <p>{t.printSchool(nameText(day.school))}</p>}
        <p>{day.cashier ? t.printCashier(day.cashier.name) : t.printAll}</p>
        <table>
          <thead>
            <tr>
              <th>{o.number}</th>
              <th>{t.time}</th>
              {!day.cashier && <th>{o.cashier}</th>}
              <th>{o.dishes}</th>
              <th>{o.amount}</th>
            </tr>
          </thead>
          <tbody>
            {day.orders.map((r) => (
              <tr key={r.id} className={r.voided ? 'voided' : undefined}>
                <td>{r.id}</td>
                <td>{timeOf(r.created_at, timeZone)}</td>
                {!day.cashier && <td>{r.cashier ?? ''}</td>}
                <td>
                  {dishesOf(r)}
                  {r.voided && ` (${t.voidedMark}: ${r.voided.reason})`}
                </td>
                <td className="sum">{money(r.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t.printSold(day.totals.orders, money(day.totals.amount))}</p>
        {day.totals.voided > 0 && <p>{t.printVoided(day.totals.voided, money(day.totals.voided_amount))}</p>}
        <p className="total">{t.printExpected(money(day.totals.amount))}</p>
        <div className="sign">
          <span>{t.signCashier}</span>
          <span>{t.signReceived}</span>
        </div>
      </div>
    </PrintOnly>
  );
}
