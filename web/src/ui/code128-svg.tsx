import { code128Widths } from '../lib/code128.ts';

/** Quiet zone on each side, in modules (the standard asks for ten). */
const QUIET = 10;

export interface Code128SvgProps {
  text: string;
  /** The drawn height in the page's units (the width follows the label, bars stay proportional). */
  height: string;
  width?: string;
}

/** A Code 128 barcode as SVG bars: sharp at any print resolution, drawn in the browser. */
export function Code128Svg({ text, height, width = '100%' }: Code128SvgProps) {
  const widths = code128Widths(text);
  const total = widths.reduce((a, b) => a + b, 0) + 2 * QUIET;
  let x = QUIET;
  const bars: { x: number; w: number }[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  return (
    <svg
      viewBox={`0 0 ${total} 40`}
      width={width}
      height={height}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={text}
      data-code128={text}
    >
      <rect width={total} height={40} fill="#fff" />
      {bars.map((b) => (
        <rect key={b.x} x={b.x} width={b.w} height={40} fill="#000" />
      ))}
    </svg>
  );
}
