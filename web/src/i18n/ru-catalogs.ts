/** Texts of the reference screens: fixation categories and food categories. */
const actions = {
  actions: 'Действия',
  edit: 'Изменить',
  save: 'Сохранить',
  cancel: 'Отмена',
  created: 'Создана',
};

const fixationCategories = {
  title: 'Категории фиксации',
  newTitle: 'Новая категория',
  editTitle: 'Редактирование категории',
  search: 'Поиск по названию',
  add: 'Добавить категорию',
  name: 'Название',
  namePlaceholder: 'Например, Обед',
  position: 'Позиция',
  positionHint: 'Порядок в списке: от 0 до 100, по умолчанию 99',
  timeStart: 'Начало',
  timeFinish: 'Окончание',
  time: 'Время',
  windowHint: 'Время организации. Окна категорий не должны пересекаться: скан попадает ровно в одну.',
  finishAfterStart: 'Время окончания должно быть позже времени начала',
  confirmDelete: 'Вы действительно желаете удалить категорию?',
  deleted: 'Категория удалена',
  created: 'Категория добавлена',
  saved: 'Категория сохранена',
  loadFailed: 'Не удалось загрузить категорию',
  empty: 'Категорий пока нет',
};

const foodCategories = {
  title: 'Категории питания',
  newTitle: 'Новая категория питания',
  editTitle: 'Редактирование категории питания',
  search: 'Поиск по названию',
  add: 'Добавить категорию',
  name: 'Название',
  namePlaceholder: 'Например, 1–4 классы',
  cost: 'Стоимость питания в день',
  costColumn: 'Стоимость в день',
  currency: 'тг.',
  type: 'Тип',
  types: { sw: 'Социальный кошелёк', common: 'Стандартная категория' },
  typeChangeHint:
    'Смена типа сразу меняет даты социального кошелька у всех учеников этой категории: с сегодняшнего дня кошелёк назначается или снимается.',
  confirmDelete: 'Вы действительно желаете удалить категорию питания?',
  deleted: 'Категория удалена',
  created: 'Категория добавлена',
  saved: 'Категория сохранена',
  loadFailed: 'Не удалось загрузить категорию',
  empty: 'Категорий пока нет',
};

export const catalogsTexts = { actions, fixationCategories, foodCategories } as const;
