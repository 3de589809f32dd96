/** Texts of the food screens (spec 2): dish categories and dishes. */
export const foodTexts = {
  dishCategories: {
    title: 'Категории блюд',
    newTitle: 'Новая категория блюд',
    editTitle: 'Редактирование категории блюд',
    search: 'Поиск по названию',
    add: 'Добавить категорию',
    name: 'Название',
    namePlaceholder: 'Например, Супы',
    dishes: 'Блюда',
    dishesOf: (n: number) => `Блюд: ${n}`,
    openDishes: 'Открыть блюда категории',
    confirmDelete: 'Вы действительно желаете удалить категорию блюд?',
    deleted: 'Категория удалена',
    created: 'Категория добавлена',
    saved: 'Категория сохранена',
    loadFailed: 'Не удалось загрузить категорию',
    empty: 'Категорий блюд пока нет',
  },
};
