import { withKazakh } from './languages.ts';
/** The contract's shared validation words, without zod: a page may show them before zod loads. */
export const msg = withKazakh(
  {
    required: 'Обязательное поле',
    email: 'Введите корректный e-mail',
    passwordShort: 'Пароль должен быть не короче 8 символов',
    passwordsDiffer: 'Пароли не совпадают',
    code: 'Код состоит из 6 цифр',
    tooLong: (n: number) => `Не длиннее ${n} символов`,
    positiveId: 'Неверный идентификатор',
    oneLine: 'Одна строка без управляющих символов: уберите перевод строки и табуляцию',
    controlChars: 'Уберите управляющие символы',
  } as const,
  {
    required: 'Міндетті өріс',
    email: 'Дұрыс e-mail енгізіңіз',
    passwordShort: 'Құпиясөз кемінде 8 таңбадан тұруы керек',
    passwordsDiffer: 'Құпиясөздер сәйкес келмейді',
    code: 'Код 6 цифрдан тұрады',
    tooLong: (n: number) => `${n} таңбадан аспауы керек`,
    positiveId: 'Идентификатор қате',
    oneLine: 'Басқару таңбаларынсыз бір жол: жол ауыстыру мен табуляцияны алып тастаңыз',
    controlChars: 'Басқару таңбаларын алып тастаңыз',
  },
);
