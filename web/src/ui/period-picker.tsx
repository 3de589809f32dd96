import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { i18n } from '../i18n/texts.ts';
import { fromApiDate, toApiDate } from '../lib/dates.ts';

export interface PeriodPickerProps {
  /** The period's days as YYYY-MM-DD. */
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}

/**
 * The period of a report: two dates dd.MM.yyyy, both required (it cannot be cleared). A group named
 * «Период» whose two fields are named by what they hold, «Дата с» and «Дата по» (antd gives a name
 * set on the picker to both fields alike, and a screen reader could not tell them apart).
 */
export function PeriodPicker({ from, to, onChange }: PeriodPickerProps) {
  const t = i18n.ui.period;
  return (
    <span role="group" aria-label={t.label}>
      <RangeFields from={from} to={to} onChange={onChange} />
    </span>
  );
}

function RangeFields({ from, to, onChange }: PeriodPickerProps) {
  const t = i18n.ui.period;
  return (
    <DatePicker.RangePicker
      format="DD.MM.YYYY"
      allowClear={false}
      placeholder={[t.from, t.to]}
      value={[fromApiDate(from), fromApiDate(to)]}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        if (range?.[0] && range[1]) onChange({ from: toApiDate(range[0]), to: toApiDate(range[1]) });
      }}
    />
  );
}
