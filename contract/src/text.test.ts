import { describe, expect, it } from 'vitest';
import { CanteenCreate } from './canteens.ts';
import { msg } from './messages.ts';
import { OrderVoid } from './orders.ts';
import { UserCreate } from './users.ts';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('control characters in text', () => {
  it('are refused in a one-line field, a line break and a tab included', () => {
    for (const name of ['Evil\r\nBcc: victim@example.com', 'Tab\there', 'Bell\u0007', 'Del\u007f', 'Nul\u0000x'])
      expect(errorsOf(UserCreate.safeParse({ name })), JSON.stringify(name)).toContain(`name: ${msg.oneLine}`);
    expect(UserCreate.safeParse({ name: 'Айгерим Сапарова' }).success).toBe(true);
  });

  it('keep line breaks in a text of several lines, and refuse the rest', () => {
    const canteen = (description: string) => ({ name: 'Столовая', address: 'ул. Абая, 1', description });
    expect(CanteenCreate.safeParse(canteen('Первый этаж\r\nвход со двора\tслева')).success).toBe(true);
    expect(errorsOf(CanteenCreate.safeParse(canteen('Звонок\u0007')))).toContain(`description: ${msg.controlChars}`);
    expect(OrderVoid.safeParse({ reason: 'Пробили дважды\nпо ошибке' }).success).toBe(true);
    expect(OrderVoid.safeParse({ reason: 'Escape\u001b[31m' }).success).toBe(false);
  });
});
