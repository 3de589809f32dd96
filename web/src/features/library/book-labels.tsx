import { Code128Svg } from '../../ui/code128-svg.tsx';
import { PrintOnly } from '../../ui/print-only.tsx';

export interface BookLabel {
  barcode: string;
  name: string;
}

/** A common A4 label sheet: 3 columns × 8 rows of 70 × 37.125 mm. */
export const LABELS_PER_SHEET = 24;
const LABELS_CSS = `
.book-labels-sheet { display: grid; grid-template-columns: repeat(3, 70mm); grid-auto-rows: 37.125mm;
  width: 210mm; break-after: page; }
.book-labels-sheet:last-child { break-after: auto; }
.book-label { box-sizing: border-box; padding: 3mm 5mm 2mm; overflow: hidden; display: flex;
  flex-direction: column; align-items: center; font-family: Arial, sans-serif; }
.book-label-code { font: 8pt monospace; letter-spacing: 0.5pt; margin-top: 0.5mm; }
.book-label-name { font-size: 7.5pt; line-height: 1.15; text-align: center; margin-top: 0.5mm;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
`;

/**
 * What printing shows on a page with copies: their Code 128 labels on A4 sheets of 3 × 8, the
 * barcode's text and the book's name under each code.
 */
export function BookLabels({ labels, skip = 0 }: { labels: BookLabel[]; skip?: number }) {
  // A sheet already begun: its used cells are left blank, row by row from the top left.
  const cells: (BookLabel | null)[] = [...Array<null>(skip).fill(null), ...labels];
  const sheets: (BookLabel | null)[][] = [];
  for (let i = 0; i < cells.length; i += LABELS_PER_SHEET) sheets.push(cells.slice(i, i + LABELS_PER_SHEET));
  return (
    <PrintOnly page="A4" margin="0" css={LABELS_CSS} testId="book-labels">
      {sheets.map((sheet, i) => (
        <div className="book-labels-sheet" key={i}>
          {sheet.map((label, k) =>
            label ? (
              <div className="book-label" key={label.barcode}>
                <Code128Svg text={label.barcode} height="17mm" width="58mm" />
                <div className="book-label-code">{label.barcode}</div>
                <div className="book-label-name">{label.name}</div>
              </div>
            ) : (
              <div className="book-label-used" key={`used-${k}`} />
            ),
          )}
        </div>
      ))}
    </PrintOnly>
  );
}

/** How many sheets `labels` labels take from a first sheet begun at cell `start` (1–24). */
export const sheetsFor = (labels: number, start = 1) =>
  labels === 0 ? 0 : Math.ceil((labels + start - 1) / LABELS_PER_SHEET);
