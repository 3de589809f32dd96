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

/** The period of a report: two dates dd.MM.yyyy, both required (it cannot be cleared). */
export function PeriodPicker({ from, to, onChange }: PeriodPickerProps) {
  const t = i18n.ui.period;
  return (
    <DatePicker.RangePicker
      format="DD.MM.YYYY"
      allowClear={false}
      aria-label={t.label}
      placeholder={[t.from, t.to]}
      value={[fromApiDate(from), fromApiDate(to)]}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        if (range?.[0] && range[1]) onChange({ from: toApiDate(range[0]), to: toApiDate(range[1]) });
      }}
    />
  );
}
