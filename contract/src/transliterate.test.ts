import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from './transliterate.ts';

describe('Latin read as Cyrillic', () => {
  it('reads the usual romanizations of Kazakh and Russian names', () => {
    expect(latinToCyrillic('Abai')).toBe('абай');
    expect(latinToCyrillic('Zhambyl')).toBe('жамбыл');
    expect(latinToCyrillic('Jambyl')).toBe('жамбыл');
    expect(latinToCyrillic('Nazarbayev')).toBe('назарбаев');
    expect(latinToCyrillic('Shcherbakov')).toBe('щербаков');
    expect(latinToCyrillic('Auezov')).toBe('ауезов');
    expect(latinToCyrillic('Chekhov')).toBe('чехов');
  });

  it('reads the Kazakh Latin alphabet', () => {
    expect(latinToCyrillic('Qazaqstan')).toBe('қазақстан');
    expect(latinToCyrillic('Älippe')).toBe('әлиппе');
    expect(latinToCyrillic('Tūlpar')).toBe('тұлпар');
    expect(latinToCyrillic('Ölең')).toBe('өлең');
    expect(latinToCyrillic('Mañğystau')).toBe('маңғыстау');
  });

  it('keeps everything else where it is: Cyrillic, digits, spaces and signs', () => {
    expect(latinToCyrillic('Путь Абая')).toBe('путь абая');
    expect(latinToCyrillic('Abai 2, том 1')).toBe('абай 2, том 1');
  });
});
