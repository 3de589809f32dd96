import type { Widen } from './dictionary.ts';
import type { catalogsTexts as ruCatalogs } from './ru-catalogs.ts';
import type { invitationTexts as ruInvitation } from './ru-invitation.ts';

/** Анықтамалықтардың (тіркеу және тамақтану санаттары) мәтіндері: ru-catalogs.ts-тің қазақшасы. */
export const catalogsTexts: Widen<typeof ruCatalogs> = {
  actions: {
    actions: 'Әрекеттер',
    edit: 'Өзгерту',
    save: 'Сақтау',
    cancel: 'Бас тарту',
    created: 'Құрылған күні',
  },

  fixationCategories: {
    title: 'Тіркеу санаттары',
    newTitle: 'Жаңа санат',
    editTitle: 'Санатты өңдеу',
    search: 'Атауы бойынша іздеу',
    add: 'Санат қосу',
    name: 'Атауы',
    namePlaceholder: 'Мысалы, Түскі ас',
    position: 'Реті',
    positionHint: 'Тізімдегі реті: 0-ден 100-ге дейін, әдепкі 99',
    timeStart: 'Басталуы',
    timeFinish: 'Аяқталуы',
    time: 'Уақыты',
    windowHint: 'Ұйымның уақыты. Санаттардың уақыт аралықтары қиылыспауы керек: скан дәл біреуіне түседі.',
    finishAfterStart: 'Аяқталу уақыты басталу уақытынан кейін болуы керек',
    confirmDelete: 'Санатты шынымен жойғыңыз келе ме?',
    deleted: 'Санат жойылды',
    created: 'Санат қосылды',
    saved: 'Санат сақталды',
    loadFailed: 'Санатты жүктеу мүмкін болмады',
    empty: 'Әзірге санат жоқ',
  },
  foodCategories: {
    title: 'Тамақтану санаттары',
    newTitle: 'Жаңа тамақтану санаты',
    editTitle: 'Тамақтану санатын өңдеу',
    search: 'Атауы бойынша іздеу',
    add: 'Санат қосу',
    name: 'Атауы',
    namePlaceholder: 'Мысалы, 1–4 сыныптар',
    cost: 'Бір күнгі тамақтану құны',
    costColumn: 'Бір күнгі құны',
    currency: 'тг.',
    type: 'Түрі',
    types: { sw: 'Әлеуметтік әмиян', common: 'Стандартты санат' },
    typeChangeHint:
      'Түрін өзгерту осы санаттағы барлық оқушының әлеуметтік әмиян күндерін бірден өзгертеді: бүгіннен бастап әмиян тағайындалады немесе алынады.',
    confirmDelete: 'Тамақтану санатын шынымен жойғыңыз келе ме?',
    deleted: 'Санат жойылды',
    created: 'Санат қосылды',
    saved: 'Санат сақталды',
    loadFailed: 'Санатты жүктеу мүмкін болмады',
    empty: 'Әзірге санат жоқ',
  },
};

/** Ата-ананы шақыру: пайдаланушылар мен оқушылар бетіндегі терезе және ашық бет. */
export const invitationTexts: Widen<typeof ruInvitation> = {
  modal: {
    title: (pupil: string) => `Ата-ананы шақыру: ${pupil}`,
    hint: 'Ата-ананың e-mail мекенжайын көрсетіңіз: оған шақыру сілтемесін жібереміз. Сілтеме 7 күн жарамды.',
    email: 'Ата-ананың e-mail мекенжайы',
    submit: 'Шақыру',
    cancel: 'Бас тарту',
    sent: (email: string) => `Шақыру ${email} мекенжайына жіберілді`,
  },
  page: {
    title: 'Ата-анаға шақыру',
    child: 'Бала',
    email: 'E-mail',
    newAccount: 'Құпиясөз ойлап табыңыз: осы e-mail және құпиясөзбен мобильді қосымшаға кіресіз.',
    existingAccount:
      'Сізде осы e-mail мекенжайымен тіркелгі бар. Оның құпиясөзін енгізіңіз, сонда бала жеке кабинетіңізде пайда болады.',
    name: 'Аты-жөніңіз',
    password: 'Құпиясөз',
    existingPassword: 'Тіркелгінің құпиясөзі',
    forgot: 'Құпиясөзді ұмыттыңыз ба?',
    submit: 'Шақыруды қабылдау',
    errors: {
      badCredentials: 'Логин немесе құпиясөз қате',
      notFound:
        'Шақыру табылмады! Шақырудың мерзімі өтіп кеткен немесе ол бұрын пайдаланылған болуы мүмкін. Оны қайта жіберуді сұраңыз',
      generic: 'Қате орын алды, кейінірек қайталап көріңіз',
    },
    done: 'Құттықтаймыз! Шақыру қабылданды',
    doneText: (brand: string, email: string) =>
      `${brand} мобильді қосымшасын орнатып, ${email} мекенжайымен және құпиясөзіңізбен кіріңіз: онда баланың тамақтануын және мектеп кітапханасынан алған кітаптарын көресіз.`,
    appStore: 'App Store-дан жүктеп алыңыз',
    googlePlay: 'Google Play-де бар',
  },
};
