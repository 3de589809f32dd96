import { COST_MAX } from '@tamaq/contract/food-categories';
import { InputNumber, type InputNumberProps } from 'antd';

/**
 * An amount of tenge as the form holds it: a decimal string ('450.50') from the field to the server,
 * never a float; two decimals, a comma on screen, 0 to 1 000 000. A Form.Item child.
 */
export function MoneyInput({ currency, ...props }: InputNumberProps<string> & { currency: string }) {
  return (
    <InputNumber<string>
      stringMode
      min="0"
      max={String(COST_MAX)}
      precision={2}
      step="10"
      decimalSeparator=","
      suffix={currency}
      style={{ width: 220 }}
      {...props}
    />
  );
}
