/** Reports (spec 2 "Reports"). */
export const reportsTexts = {
  canteen: {
    title: 'Отчёт по столовой',
    canteen: 'Столовая',
    chooseCanteen: 'Выберите столовую',
    noCanteens: 'Столовых пока нет: добавьте столовую в разделе «Столовые»',
    categories: 'Категории',
    allCategories: 'Все категории',
    heading: (place: string) => `Отчёт по фиксациям: ${place}`,
    categoriesLine: (names: string) => `Категории: ${names}`,
    all: 'все',
  },
  byCategory: {
    title: 'Отчёт по категориям',
    heading: (place: string) => `Отчёт по категориям: ${place}`,
  },
  number: '№',
  name: 'ФИО',
  classroom: 'Класс',
  category: 'Категория',
  card: 'Карта',
  watch: 'График',
  total: 'Итого',
  download: 'Скачать Excel',
  print: 'Печать',
  empty: 'За этот период фиксаций нет',
  choose: 'Выберите фильтры отчёта',
} as const;
