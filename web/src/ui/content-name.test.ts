import { describe, expect, it } from 'vitest';
import { nameIn } from './content-name.tsx';

describe('nameIn', () => {
  it('gives the reader’s name, or the other one marked until it is given', () => {
    const group = { name: 'Солнышко', name_ru: 'Солнышко', name_kk: 'Күншуақ' };
    expect(nameIn(group, 'kk')).toEqual({ text: 'Күншуақ', fallback: false });
    expect(nameIn({ ...group, name_kk: null }, 'kk')).toEqual({ text: 'Солнышко', fallback: true });
    expect(nameIn({ name: 'Балапан', name_ru: null, name_kk: 'Балапан' }, 'ru')).toEqual({
      text: 'Балапан',
      fallback: true,
    });
  });

  it('does not mark a grade and a letter, which reads the same in both languages', () => {
    for (const name of ['5 «А»', '11Б', '10 Ә', '7']) {
      expect(nameIn({ name, name_ru: name, name_kk: null }, 'kk')).toEqual({ text: name, fallback: false });
    }
    expect(nameIn({ name: '7 UP', name_ru: '7 UP', name_kk: null }, 'kk').fallback).toBe(true);
  });

  it('reads a name given once, without languages, as it is', () => {
    expect(nameIn({ name: 'Гимназия' }, 'kk')).toEqual({ text: 'Гимназия', fallback: false });
  });
});
