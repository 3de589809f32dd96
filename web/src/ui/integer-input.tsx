import { Input, type InputProps } from 'antd';

export interface IntegerInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: number | string | null;
  /** A whole number as a number; anything else as the text typed, for the field's rule to refuse. */
  onChange?: (value: number | string) => void;
}

/**
 * A whole number as typed: 0, 400, 2.5 or «abc» reach the field's rule as they are and are refused
 * with its message, instead of becoming 1, 366 or 3 on the way (as a clamping number field does).
 * A Form.Item child; pair it with a rule of `type: 'integer'` and its bounds.
 */
export function IntegerInput({ value, onChange, ...props }: IntegerInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => {
        const text = e.target.value.trim();
        onChange?.(/^-?\d{1,9}$/.test(text) ? Number(text) : e.target.value);
      }}
      {...props}
    />
  );
}
