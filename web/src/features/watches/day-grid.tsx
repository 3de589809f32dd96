import { MONTH_DAYS } from '@tamaq/contract/watches';
import { Button, Checkbox, Flex, theme } from 'antd';

/** What the grid says, in the screen's language. */
export interface DayGridTexts {
  days: string;
  day: (d: number) => string;
  daysCount: (n: number) => string;
  selectAll: string;
  clear: string;
}

export interface DayGridProps {
  value?: number[];
  onChange?: (days: number[]) => void;
  id?: string;
  texts: DayGridTexts;
}

/**
 * The 31 month days as a calendar of checkboxes, seven to a row, with "all" and "none" helpers
 * (docs/product.md "Watches"). A form control: `value` is the sorted list of checked days.
 */
export function DayGrid({ value = [], onChange, id, texts: t }: DayGridProps) {
  const { token } = theme.useToken();
  const checked = new Set(value);
  const set = (days: Iterable<number>) => onChange?.([...new Set(days)].sort((a, b) => a - b));
  const toggle = (day: number, on: boolean) => set(on ? [...checked, day] : [...checked].filter((d) => d !== day));

  return (
    <div id={id} data-testid="day-grid">
      <div
        role="group"
        aria-label={t.days}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(44px, 56px))', gap: 6, marginBottom: 8 }}
      >
        {MONTH_DAYS.map((day) => {
          const on = checked.has(day);
          return (
            <Checkbox
              key={day}
              checked={on}
              onChange={(e) => toggle(day, e.target.checked)}
              title={t.day(day)}
              style={{
                margin: 0,
                height: 36,
                padding: '0 8px',
                alignItems: 'center',
                borderRadius: token.borderRadius,
                border: `1px solid ${on ? token.colorPrimary : token.colorBorder}`,
                background: on ? token.colorPrimaryBg : token.colorBgContainer,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {day}
            </Checkbox>
          );
        })}
      </div>
      <Flex gap={8} align="center" wrap>
        <Button size="small" onClick={() => set(MONTH_DAYS)} data-testid="days-all">
          {t.selectAll}
        </Button>
        <Button size="small" onClick={() => set([])} data-testid="days-none">
          {t.clear}
        </Button>
        <span style={{ color: token.colorTextSecondary }}>{t.daysCount(checked.size)}</span>
      </Flex>
    </div>
  );
}
