import { plural } from './ru-manual-fixation.ts';
/** Texts of the shared components in `src/ui` and `src/lib`. */
export const ui = {
  loading: 'Загрузка…',
  unsaved: {
    confirmLeaveTitle: 'Есть несохранённые изменения',
    confirmLeave: 'Изменения не сохранены и пропадут. Уйти без сохранения?',
    leave: 'Не сохранять',
    stay: 'Остаться',
  },
  /** A search field's short name where its whole name does not fit (written beneath it). */
  search: 'Поиск',
  yes: 'Да',
  /** A name shown in the other language because this one's is not given yet. */
  otherLanguageName: {
    mark: 'на казахском',
    title: 'Названия на русском ещё нет',
    ruField: 'Название на русском',
    kkField: 'Название на казахском',
    eitherHint: 'Достаточно одного: второе покажется из первого, пока его не заполнят',
  },
  period: { label: 'Период', from: 'Дата с', to: 'Дата по' },
  cancel: 'Отмена',
  errors: {
    network: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
    timeout: 'Сервер не ответил вовремя. Проверьте подключение и попробуйте ещё раз.',
    generic: 'Что-то пошло не так. Попробуйте ещё раз.',
    /** Shown for an error answer the server did not explain (a proxy page, an empty body). */
    byStatus: {
      400: 'Сервер не принял запрос',
      401: 'Требуется вход в систему',
      403: 'Недостаточно прав',
      404: 'Не найдено',
      408: 'Сервер не дождался запроса, попробуйте ещё раз',
      409: 'Конфликт данных, обновите страницу',
      413: 'Файл слишком большой',
      415: 'Неподдерживаемый тип файла',
      422: 'Проверьте правильность заполнения полей',
      429: 'Слишком много запросов, попробуйте позже',
      500: 'Внутренняя ошибка сервера, попробуйте позже',
      502: 'Сервер временно недоступен, попробуйте позже',
      503: 'Сервер временно недоступен, попробуйте позже',
      504: 'Сервер не ответил вовремя, попробуйте позже',
    } as Record<number, string>,
    otherStatus: 'Ошибка сервера',
  },
  pager: {
    label: 'Страницы',
    first: 'Первая страница',
    prev: 'Предыдущая страница',
    next: 'Следующая страница',
    last: 'Последняя страница',
    page: (n: number) => `Страница ${n}`,
    range: (from: number, to: number, total: number) => `${from}–${to} из ${total}`,
  },
  table: {
    empty: 'Нет данных',
    retry: 'Повторить',
  },
  deleteAction: 'Удалить',
  upload: {
    choosePhoto: 'Выбрать фото',
    changePhoto: 'Сменить фото',
    processing: 'Обработка…',
    imageTooBig: 'Фото больше 5 МБ даже после сжатия. Выберите файл поменьше.',
    imageUnreadable: 'Файл не читается как изображение: возможно, он повреждён. Выберите другое фото.',
    imageWrongType: 'Подходят только фото в формате JPEG, PNG или WebP.',
    fileTooBig: (mb: number) => `Файл больше ${mb} МБ. Выберите файл поменьше.`,
    fileWrongType: (accept: string) => `Подходят только файлы: ${accept}`,
    chooseFile: 'Загрузить файл',
  },
  imports: {
    upload: 'Импорт из Excel',
    template: 'Шаблон',
    refusedTitle: 'Файл не загружен',
    refusedHint: 'Ни одна строка не загружена. Исправьте строки ниже и загрузите файл снова.',
    done: (n: number) => `Загружено строк: ${n}`,
    matchesTitle: 'Похоже, эти люди уже есть',
    matchesHint: (n: number) =>
      `${n} ${plural(n, 'строка совпадает', 'строки совпадают', 'строк совпадают')} по ФИО с уже добавленными людьми того же класса (для сотрудника — той же должности). Обновить их данными из файла или добавить как новых людей?`,
    matchLine: (line: number, name: string, place: string | null) =>
      `Строка ${line}: ${name}${place ? ` — ${place}` : ''}`,
    updateMatches: 'Обновить их',
    createMatches: 'Добавить как новых',
    writing: 'Сохраняем…',
    confirmTitle: 'Загрузить файл?',
    confirmOk: 'Загрузить',
    skippedTitle: (n: number) => `Пропущено строк: ${n}`,
    rejectedTitle: (n: number) => `Строки с ошибками: ${n}`,
    rejectedHint: (good: number) =>
      good > 0
        ? `Верных строк: ${good}. Их можно загрузить сейчас, а строки с ошибками скачать с причиной, исправить и загрузить снова. Или отменить и исправить весь файл.`
        : 'Верных строк нет: скачайте строки с причиной, исправьте и загрузите снова.',
    rejectedUpdates: (n: number) =>
      `Внимание: ${n} ${plural(n, 'верная строка изменит', 'верные строки изменят', 'верных строк изменят')} уже внесённых людей.`,
    loadValid: (n: number) => `Загрузить верные строки (${n})`,
    downloadRejected: 'Скачать строки с ошибками (.xlsx)',
    rejectedFailed: 'Не удалось скачать строки с ошибками',
    skippedHint: 'Эти строки не загружены. Скачайте их с причиной, исправьте и загрузите снова.',
  },
  thumb: {
    noPhoto: 'Нет фото',
    photo: 'Фото',
  },
} as const;
