import type { WalletMark, WalletPupil, WalletReport } from '@tamaq/contract/reports';
import { i18n } from '../../i18n/texts.ts';
import { formatCost } from '../../lib/money.ts';
import { PrintOnly } from '../../ui/print-only.tsx';

const t = i18n.reports.wallet;

/** A line of the grid: a pupil, or the subtotal of their class after its pupils. */
export type Line =
  | { kind: 'pupil'; key: string; n: number; className: string; pupil: WalletPupil }
  | {
      kind: 'class';
      key: string;
      name: string;
      entitled: number[];
      served: number[];
      due: number;
      servedTotal: number;
      amount: string;
    };

export const lineOf = (r: WalletReport): Line[] => {
  let n = 0;
  return r.classes.flatMap((c) => [
    ...c.pupils.map((p): Line => ({ kind: 'pupil', key: `p${p.id}`, n: ++n, className: c.name, pupil: p })),
    { ...c, kind: 'class', key: `c${c.id}` },
  ]);
};

export const money = (amount: string) => formatCost(amount, '').trim();

const PRINT_CSS = `
.tamaq-wallet h1 { font-size: 12pt; margin: 0 0 1mm; }
.tamaq-wallet p { font-size: 8pt; margin: 0 0 2mm; }
.tamaq-wallet table { border-collapse: collapse; width: 100%; font-size: 7pt; }
.tamaq-wallet th, .tamaq-wallet td { border: 0.2mm solid #000; padding: 0.4mm 0.8mm; }
.tamaq-wallet .n { text-align: center; }
.tamaq-wallet .r { text-align: right; white-space: nowrap; }
.tamaq-wallet thead { display: table-header-group; }
/* The grand total once, after the last row: as a footer group it would repeat on every page. */
.tamaq-wallet tfoot { display: table-row-group; }
.tamaq-wallet tr { break-inside: avoid; }
.tamaq-wallet tr.sub td, .tamaq-wallet tfoot td { font-weight: bold; }
.tamaq-wallet .signatures { margin-top: 8mm; font-size: 9pt; break-inside: avoid; }
.tamaq-wallet .signatures div { margin-top: 6mm; }
`;

const MARK: Record<WalletMark, string> = { served: '+', missed: '−', none: '' };

/** The reconciliation on paper: A4 landscape, every pupil, the class lines, the day lines, signatures. */
export function PrintedWallet({
  heading,
  report: r,
  lines,
  classroom,
}: {
  heading: string;
  report: WalletReport;
  lines: Line[];
  classroom: string;
}) {
  const day = (label: string, cells: (string | number)[], tail: (string | number)[]) => (
    <tr>
      <td colSpan={3}>{label}</td>
      {cells.map((c, i) => (
        <td key={r.days[i]} className="n">
          {c}
        </td>
      ))}
      {tail.map((c, i) => (
        <td key={i} className="r">
          {c}
        </td>
      ))}
    </tr>
  );
  return (
    <PrintOnly page="A4 landscape" margin="8mm" css={PRINT_CSS} testId="report-print">
      <section className="tamaq-wallet">
        <h1>{heading}</h1>
        <p>{t.legend}</p>
        <table>
          <thead>
            <tr>
              <th>{i18n.reports.number}</th>
              <th>{i18n.reports.name}</th>
              <th>{classroom}</th>
              {r.days.map((d) => (
                <th key={d} className="n">
                  {d.slice(8, 10)}
                </th>
              ))}
              <th className="r">{t.due}</th>
              <th className="r">{t.served}</th>
              <th className="r">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) =>
              l.kind === 'pupil' ? (
                <tr key={l.key}>
                  <td className="n">{l.n}</td>
                  <td>{l.pupil.name}</td>
                  <td>{l.className}</td>
                  {l.pupil.marks.map((m, i) => (
                    <td key={r.days[i]} className="n">
                      {MARK[m]}
                    </td>
                  ))}
                  <td className="r">{l.pupil.due}</td>
                  <td className="r">{l.pupil.servedTotal}</td>
                  <td className="r">{money(l.pupil.amount)}</td>
                </tr>
              ) : (
                <tr key={l.key} className="sub">
                  <td colSpan={3}>{t.classTotal(l.name)}</td>
                  {l.entitled.map((e, i) => (
                    <td key={r.days[i]} className="n">
                      {e ? `${l.served[i]}/${e}` : ''}
                    </td>
                  ))}
                  <td className="r">{l.due}</td>
                  <td className="r">{l.servedTotal}</td>
                  <td className="r">{money(l.amount)}</td>
                </tr>
              ),
            )}
          </tbody>
          <tfoot>
            {day(t.due, r.entitled, [r.due, '', ''])}
            {day(t.served, r.served, ['', r.servedTotal, ''])}
            {day(
              t.missed,
              r.entitled.map((e, i) => e - r.served[i]!),
              [r.due - r.servedTotal, '', ''],
            )}
            {day(t.amount, r.amounts.map(money), ['', '', money(r.amount)])}
          </tfoot>
        </table>
        <div className="signatures">
          {t.signatures.map((who) => (
            <div key={who}>{who}: ____________________ / ____________________ /</div>
          ))}
        </div>
      </section>
    </PrintOnly>
  );
}
