import { describe, expect, it, vi } from 'vitest';
import { languageOf, translate, withKazakh } from './languages.ts';

describe('withKazakh and translate', () => {
  const texts = withKazakh(
    {
      plain: 'Карта не найдена',
      nested: { deeper: 'Школа не найдена' },
      made: (time: string) => `Уже получил(а) питание сегодня в ${time}`,
      list: ['Понедельник', 'Вторник'],
    },
    {
      plain: 'Карта табылмады',
      nested: { deeper: 'Мектеп табылмады' },
      made: (time: string) => `Бүгін ${time}-де тамақ алған`,
      list: ['Дүйсенбі', 'Сейсенбі'],
    },
  );

  it('keeps the Russian texts as they were, functions included', () => {
    expect(texts.plain).toBe('Карта не найдена');
    expect(texts.nested.deeper).toBe('Школа не найдена');
    expect(texts.made('12:05')).toBe('Уже получил(а) питание сегодня в 12:05');
    expect(texts.list[1]).toBe('Вторник');
  });

  it('gives the Kazakh of every text, and of a text a function made, with the same arguments', () => {
    expect(translate(texts.plain, 'kk')).toBe('Карта табылмады');
    expect(translate(texts.nested.deeper, 'kk')).toBe('Мектеп табылмады');
    expect(translate(texts.made('08:15'), 'kk')).toBe('Бүгін 08:15-де тамақ алған');
    expect(translate('Вторник', 'kk')).toBe('Сейсенбі');
  });

  it('leaves Russian asked in Russian, and a text it does not know, as they are', () => {
    expect(translate(texts.plain, 'ru')).toBe('Карта не найдена');
    expect(translate('Неизвестный текст', 'kk')).toBe('Неизвестный текст');
  });
});

describe('languageOf', () => {
  it('reads the first of our languages an Accept-Language asks for, Russian by default', () => {
    expect(languageOf('kk')).toBe('kk');
    expect(languageOf('kk-KZ,kk;q=0.9,ru;q=0.8')).toBe('kk');
    expect(languageOf('ru-RU,kk;q=0.5')).toBe('ru');
    expect(languageOf('en-US,kk;q=0.5')).toBe('kk');
    expect(languageOf('en-US')).toBe('ru');
    expect(languageOf(undefined)).toBe('ru');
  });
});

describe('speakKazakh', () => {
  it('makes every set declared with its twin read in Kazakh, those declared before and after', async () => {
    // A fresh copy of the module: the switch is for a whole client, once.
    vi.resetModules();
    const { speakKazakh, withKazakh: declare } = await import('./languages.ts');
    const before = declare(
      { a: 'Да', nested: { b: (n: number) => `Шаг ${n}` } },
      { a: 'Иә', nested: { b: (n: number) => `${n}-қадам` } },
    );
    speakKazakh();
    const after = declare({ c: 'Нет' }, { c: 'Жоқ' });
    expect(before.a).toBe('Иә');
    expect(before.nested.b(2)).toBe('2-қадам');
    expect(after.c).toBe('Жоқ');
  });
});
