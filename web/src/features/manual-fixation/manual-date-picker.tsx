import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { i18n } from '../../i18n/texts.ts';
import { fromApiDate, toApiDate } from '../../lib/dates.ts';

const t = i18n.manualFixation;

export interface ManualDatePickerProps {
  /** 'YYYY-MM-DD'. */
  value: string;
  /** Today in the organization's time zone: later days cannot be picked (docs/product.md "Validation"). */
  today: string;
  onChange: (date: string) => void;
}

/** The day to mark, today by default; the future is greyed out (the server refuses it too). */
export function ManualDatePicker({ value, today, onChange }: ManualDatePickerProps) {
  return (
    <DatePicker
      data-testid="manual-date"
      aria-label={t.date}
      placeholder={t.chooseDate}
      format="DD.MM.YYYY"
      allowClear={false}
      value={fromApiDate(value)}
      disabledDate={(d: Dayjs) => toApiDate(d) > today}
      onChange={(d: Dayjs | null) => {
        if (d) onChange(toApiDate(d));
      }}
      style={{ width: 160 }}
    />
  );
}
