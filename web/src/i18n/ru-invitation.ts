/** Texts of the parent invitation: the modal of the users and pupils screens, and the public page. */
export const invitationTexts = {
  modal: {
    title: (pupil: string) => `Пригласить родителя: ${pupil}`,
    hint: 'Укажите e-mail родителя: мы отправим ему ссылку-приглашение. Ссылка действует 7 дней.',
    email: 'E-mail родителя',
    submit: 'Пригласить',
    cancel: 'Отмена',
    sent: (email: string) => `Приглашение отправлено на ${email}`,
  },
  page: {
    title: 'Приглашение для родителя',
    child: 'Ребёнок',
    email: 'E-mail',
    newAccount: 'Придумайте пароль: с этим e-mail и паролем вы будете входить в мобильное приложение.',
    existingAccount:
      'У вас уже есть учётная запись с этим e-mail. Введите её пароль, и ребёнок появится в вашем личном кабинете.',
    name: 'Ваше ФИО',
    password: 'Пароль',
    existingPassword: 'Пароль от учётной записи',
    forgot: 'Забыли пароль?',
    submit: 'Принять приглашение',
    errors: {
      badCredentials: 'Неверный логин или пароль',
      notFound:
        'Приглашение не найдено! Возможно, срок действия приглашения истёк или оно уже использовано. Попросите отправить его повторно',
      generic: 'Произошла ошибка, попробуйте позже',
    },
    done: 'Поздравляем! Приглашение принято',
    doneText: (brand: string, email: string) =>
      `Установите мобильное приложение ${brand} и войдите с e-mail ${email} и своим паролем: в нём вы увидите питание ребёнка и его книги из школьной библиотеки.`,
    appStore: 'Загрузите в App Store',
    googlePlay: 'Доступно в Google Play',
  },
} as const;
