/** Texts of the school library's screens (spec 2 §2, §8; issue 11). */
export const libraryTexts = {
  categories: {
    title: 'Категории книг',
    search: 'Поиск по названию категории',
    add: 'Добавить категорию',
    name: 'Название',
    confirmDelete: 'Вы действительно желаете удалить категорию?',
    deleted: 'Категория удалена',
    empty: 'В этой школе пока нет категорий книг',
    chooseSchoolFirst: 'Выберите школу',
    newTitle: 'Новая категория книг',
    editTitle: 'Редактирование категории книг',
    created: 'Категория добавлена',
    saved: 'Категория сохранена',
    loadFailed: 'Не удалось загрузить категорию',
    nameLabel: 'Название категории',
    nameHint: 'Например: Учебники',
  },
} as const;
