import { parseCost } from '@tamaq/contract/food-categories';
import { Input, type InputProps } from 'antd';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  currency: string;
  value?: string | number | null;
  onChange?: (value: string) => void;
}

/**
 * An amount of tenge as typed: the text goes to the form as it is ('450,50' or '450.5'), and the
 * field's rule (the contract's parseCost) says what is wrong with it. Nothing is clamped, rounded or
 * dropped on the way: -100, 450.555 or «abc» are refused with a message, never changed into another
 * price. Shown with a decimal comma; a valid amount is written out with its two decimals when the
 * field is left ('650,5' → '650,50'), the same amount. A Form.Item child.
 */
export function MoneyInput({ currency, value, onChange, onBlur, ...props }: MoneyInputProps) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      suffix={currency}
      style={{ width: 220 }}
      value={value === null || value === undefined ? '' : String(value).replace('.', ',')}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={(e) => {
        const parsed = e.target.value.trim() === '' ? null : parseCost(e.target.value);
        if (parsed && 'cost' in parsed && parsed.cost.replace('.', ',') !== e.target.value) {
          onChange?.(parsed.cost.replace('.', ','));
        }
        onBlur?.(e);
      }}
      {...props}
    />
  );
}
