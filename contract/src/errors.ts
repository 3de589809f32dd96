import { withKazakh } from './languages.ts';
import { z } from './zod.ts';

/** 422: `{"error": "Validation error", "validationErrors": {field: [message]}}`. */
export const ValidationErrorBody = z.object({
  error: z.literal('Validation error'),
  validationErrors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** 401, 403, 404, 409, 429 and 5xx: `{"error": code, "errorMessage": "<Russian text>"}`. */
export const ErrorBody = z.object({
  error: z.string(),
  errorMessage: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  conflict: 'Conflict',
  tooManyRequests: 'Too many requests',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
} as const;

export const ERROR_MESSAGES = withKazakh(
  {
    unauthorized: 'Требуется вход в систему',
    badCredentials: 'Неверный логин или пароль',
    forbidden: 'Недостаточно прав',
    moduleOff: 'Этот раздел не подключён для вашей организации: обратитесь к администратору системы',
    csrf: 'Сессия браузера устарела, обновите страницу',
    notFound: 'Не найдено',
    tooManyRequests: 'Слишком много запросов, попробуйте позже',
    internal: 'Внутренняя ошибка сервера, попробуйте позже',
    payloadTooLarge: 'Файл слишком большой',
    queryTooLong: 'Запрос выполнялся слишком долго: уточните поиск или повторите позже',
    databaseRestarting: 'База данных перезапускается: повторите через несколько секунд',
    diskFull:
      'На диске сервера не осталось места, и ничего не сохраняется: сообщите администратору системы. Сканы ждут в очереди браузера и уйдут, когда место освободят',
    heavyBusy: 'Предыдущий отчёт, выгрузка или загрузка ещё не закончены: дождитесь их и повторите',
    heavyTooLong: 'Отчёт или загрузка выполнялись слишком долго: сократите период или файл и повторите',
    badRequest: 'Некорректный запрос',
    badValue: 'Некорректное значение',
    nulCharacter: 'Недопустимый символ в значении',
    badIdempotencyKey: 'Неверный ключ идемпотентности',
    idempotencyKeyReused: 'Этот ключ идемпотентности уже использован для другого запроса: создайте новый ключ',
  } as const,
  {
    unauthorized: 'Жүйеге кіру қажет',
    badCredentials: 'Логин немесе құпиясөз қате',
    forbidden: 'Құқық жеткіліксіз',
    moduleOff: 'Бұл бөлім сіздің ұйымыңыз үшін қосылмаған: жүйе әкімшісіне хабарласыңыз',
    csrf: 'Браузер сессиясы ескірді, бетті жаңартыңыз',
    notFound: 'Табылмады',
    tooManyRequests: 'Сұрау тым көп, кейінірек қайталаңыз',
    internal: 'Сервердің ішкі қатесі, кейінірек қайталаңыз',
    payloadTooLarge: 'Файл тым үлкен',
    queryTooLong: 'Сұрау тым ұзақ орындалды: іздеуді нақтылаңыз немесе кейінірек қайталаңыз',
    databaseRestarting: 'Дерекқор қайта іске қосылуда: бірнеше секундтан кейін қайталаңыз',
    diskFull:
      'Сервер дискісінде орын қалмады, ештеңе сақталмайды: жүйе әкімшісіне хабарлаңыз. Сканерлеулер браузер кезегінде күтеді және орын босағанда жіберіледі',
    heavyBusy: 'Алдыңғы есеп, жүктеме немесе жүктеу әлі аяқталған жоқ: олардың аяқталуын күтіп, қайталаңыз',
    heavyTooLong: 'Есеп немесе жүктеу тым ұзақ орындалды: кезеңді немесе файлды қысқартып, қайталаңыз',
    badRequest: 'Сұрау қате',
    badValue: 'Мәні қате',
    nulCharacter: 'Мәнде рұқсат етілмеген таңба бар',
    badIdempotencyKey: 'Идемпотенттілік кілті қате',
    idempotencyKeyReused: 'Бұл идемпотенттілік кілті басқа сұрау үшін пайдаланылған: жаңа кілт жасаңыз',
  },
);

/** Answers documented on every route, so OpenAPI lists them. */
export const commonErrorResponses = {
  401: ErrorBody,
  403: ErrorBody,
  422: ValidationErrorBody,
  429: ErrorBody,
} as const;
