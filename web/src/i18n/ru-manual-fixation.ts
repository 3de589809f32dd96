/** Russian plural: 1 изменение, 2 изменения, 5 изменений (and 11–14 take the last form). */
export function plural(n: number, one: string, few: string, many: string): string {
  const abs = Math.abs(n) % 100;
  const last = abs % 10;
  if (abs > 10 && abs < 20) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/**
 * Texts of the two manual fixation screens (docs/product.md "Manual fixation"). The class/group nouns come from
 * `lib/structure-words.ts`; the phrases that decline them live here in both variants.
 */
const school = {
  chooseFilter: 'Выберите класс или категорию питания, чтобы увидеть учеников',
  empty: 'В этом списке нет учеников',
};
const kindergarten: typeof school = {
  chooseFilter: 'Выберите группу или категорию питания, чтобы увидеть детей',
  empty: 'В этом списке нет детей',
};

export const manualFixationTexts = {
  schoolTitle: 'Ручная отметка питания',
  canteenTitle: 'Ручная отметка питания в столовой',
  school,
  kindergarten,
  date: 'Дата',
  chooseDate: 'Выберите дату',
  foodCategory: 'Категория питания',
  allFoodCategories: 'Все категории',
  canteen: 'Столовая',
  chooseCanteen: 'Выберите столовую',
  noCanteens: 'Сначала добавьте столовую в справочнике «Столовые»',
  fixationCategory: 'Категория',
  allFixationCategories: 'Все категории',
  chooseFixationCategory: 'Выберите категорию (завтрак, обед…), чтобы отметить питание',
  canteenEmpty: 'В организации нет сотрудников с картами',
  columns: {
    number: '№',
    photo: 'Фото',
    name: 'ФИО',
    jobTitle: 'Должность',
    foodCategory: 'Категория',
    mark: 'Питание',
  },
  selectAll: 'Отметить всех',
  markRow: (name: string) => `Отметить: ${name}`,
  noFoodCategory: 'Нет категории питания: питание не положено',
  countOf: (name: string) => `Порций: ${name}`,
  countPlaceholder: '—',
  countInvalid: (max: number) => `Порций — целое число от 0 до ${max}`,
  endless: 'Безлимитная карта',
  endlessHint: 'Безлимитная карта: укажите число порций (пусто — не питался)',
  save: 'Сохранить',
  unsaved: (n: number) => `Не сохранено: ${n} ${plural(n, 'изменение', 'изменения', 'изменений')}`,
  nothingChanged: 'Изменений нет',
  saved: ({ added, removed, changed }: { added: number; removed: number; changed: number }) =>
    `Сохранено: добавлено ${added}, удалено ${removed}, изменено ${changed}`,
  marked: (n: number, total: number) => `Отмечено: ${n} из ${total}`,
  confirmLeaveTitle: 'Есть несохранённые отметки',
  confirmLeave: 'Изменения не сохранены и пропадут. Продолжить без сохранения?',
  leave: 'Не сохранять',
  stay: 'Остаться',
  scan: {
    hint: 'Отсканируйте карту, чтобы отметить её владельца',
    looking: 'Ищем карту…',
    unknown: (code: string) => `Карта ${code} не найдена`,
    free: (code: string) => `Карта ${code} ни к кому не привязана`,
    notInList: (name: string) => `${name} нет в этом списке: выберите другой класс или категорию`,
    marked: (name: string) => `Отмечен: ${name}`,
    failed: 'Не удалось найти карту',
    whileSaving: 'Идёт сохранение: отсканируйте карту ещё раз, когда оно закончится',
  },
} as const;
