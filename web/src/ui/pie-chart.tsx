export interface PieSlice {
  label: string;
  value: number;
  color: string;
}

const R = 60;
const C = 70;

/** The path of a slice from `from` to `to` (fractions of the circle, 0 at 12 o'clock). */
function arc(from: number, to: number): string {
  const point = (f: number) => {
    const a = 2 * Math.PI * f - Math.PI / 2;
    return `${(C + R * Math.cos(a)).toFixed(2)} ${(C + R * Math.sin(a)).toFixed(2)}`;
  };
  return `M ${C} ${C} L ${point(from)} A ${R} ${R} 0 ${to - from > 0.5 ? 1 : 0} 1 ${point(to)} Z`;
}

/**
 * A small pie of two or three values with its legend (value and share), drawn as SVG: no chart
 * library for three circles. An all-zero pie is an empty ring.
 */
export function PieChart({ title, slices, testId }: { title: string; slices: PieSlice[]; testId?: string }) {
  const total = slices.reduce((n, s) => n + s.value, 0);
  let at = 0;
  return (
    <figure data-testid={testId} style={{ margin: 0, textAlign: 'center' }}>
      <svg viewBox="0 0 140 140" width={140} height={140} role="img" aria-label={title}>
        {total === 0 ? (
          <circle cx={C} cy={C} r={R} fill="none" stroke="#d9d9d9" strokeWidth={2} />
        ) : (
          slices.map((s) => {
            const from = at;
            at += s.value / total;
            return s.value === total ? (
              <circle key={s.label} cx={C} cy={C} r={R} fill={s.color} />
            ) : s.value > 0 ? (
              <path key={s.label} d={arc(from, at)} fill={s.color} />
            ) : null;
          })
        )}
      </svg>
      <figcaption style={{ fontWeight: 600, margin: '4px 0' }}>{title}</figcaption>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, fontSize: 13 }}>
        {slices.map((s) => (
          <li key={s.label}>
            <span style={{ display: 'inline-block', width: 10, height: 10, background: s.color, marginRight: 6 }} />
            {s.label}: {s.value.toLocaleString('ru-RU')}
            {total > 0 ? ` (${Math.round((100 * s.value) / total)}%)` : ''}
          </li>
        ))}
      </ul>
    </figure>
  );
}
