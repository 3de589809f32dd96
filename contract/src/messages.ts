/** The contract's shared validation words, without zod: a page may show them before zod loads. */
export const msg = {
  required: 'Обязательное поле',
  email: 'Введите корректный e-mail',
  passwordShort: 'Пароль должен быть не короче 8 символов',
  passwordsDiffer: 'Пароли не совпадают',
  code: 'Код состоит из 6 цифр',
  tooLong: (n: number) => `Не длиннее ${n} символов`,
  positiveId: 'Неверный идентификатор',
  oneLine: 'Одна строка без управляющих символов: уберите перевод строки и табуляцию',
  controlChars: 'Уберите управляющие символы',
} as const;
