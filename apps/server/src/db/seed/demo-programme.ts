import type { ActivityKind, Translated } from '@bookla/shared';

/**
 * The demo provider's programme: courses and events over the next months, with dates counted
 * from the Monday after "today" (so they stay in the future: demo-provider.ts renews an item
 * once its dates have passed). Each item has an illustration of the landing page's carousel as
 * its header image. Prices in minor units (CHF).
 */

const t = (de: string, en: string, fr: string): Translated => ({ de, en, fr });

/**
 * A day counted from the Monday after today (`week` weeks later, `weekday` 0 = Monday … 6 =
 * Sunday), or, with `fromToday`, that many days after today (so the current month has dates too).
 */
export type DemoDate = ({ week: number; weekday: number } | { fromToday: number }) & {
  hour: number;
  minute: number;
  minutes: number;
};

export interface DemoTicket {
  name: Translated;
  description?: Translated;
  priceMinor: number;
  stock: number;
  maxPerOrder?: number;
  /** `whole`: one ticket for all dates, on sale until the first; `each`: one per date. */
  per: 'whole' | 'each';
  /** Early-bird tickets end `saleEndDays` days before the first date. */
  saleEndDays?: number;
}

export interface DemoItem {
  kind: ActivityKind;
  name: Translated;
  description: Translated;
  /** The carousel illustration (apps/web/public/landing/) used as the header image. */
  image: string;
  dates: DemoDate[];
  tickets: DemoTicket[];
  /** The yoga course's extras: a rented mat and a question about experience. */
  extras?: 'yoga';
  waitingList?: boolean;
}

const weekly = (count: number, fromWeek: number, weekday: number, hour: number, minute: number, minutes: number): DemoDate[] =>
  Array.from({ length: count }, (_, i) => ({ week: fromWeek + i, weekday, hour, minute, minutes }));

export const DEMO_PROGRAMME: DemoItem[] = [
  {
    kind: 'course',
    name: t('Yoga für Einsteiger', 'Yoga for beginners', 'Yoga pour débutants'),
    description: t(
      'Sechs Abende, um in Ruhe mit Yoga anzufangen: Atmung, einfache Haltungen und Entspannung. Keine Vorkenntnisse nötig.\n\n' +
        'Bitte bequeme Kleidung mitbringen. Matten können Sie bei uns leihen.',
      'Six evenings to start yoga at your own pace: breathing, simple postures and relaxation. No experience needed.\n\n' +
        'Please bring comfortable clothes. You can rent a mat from us.',
      'Six soirées pour débuter le yoga en douceur : respiration, postures simples et relaxation. Aucune expérience requise.\n\n' +
        'Merci de prévoir une tenue confortable. Vous pouvez louer un tapis sur place.',
    ),
    image: '01-yoga.svg',
    dates: weekly(6, 0, 1, 18, 30, 75),
    tickets: [
      {
        name: t('Ganzer Kurs (6 Abende)', 'Whole course (6 evenings)', 'Cours complet (6 soirées)'),
        priceMinor: 18_000,
        stock: 12,
        per: 'whole',
      },
      { name: t('Einzelabend', 'Single evening', 'Soirée à l’unité'), priceMinor: 3_500, stock: 4, per: 'each' },
    ],
    extras: 'yoga',
  },
  {
    kind: 'event',
    name: t('Tag der offenen Tür', 'Open day', 'Journée portes ouvertes'),
    description: t(
      'Schauen Sie vorbei: Schnupperlektionen im Stundentakt, Kaffee und Kuchen und alle Kursleitenden zum Kennenlernen. Der Eintritt ist frei; mit einer Anmeldung sichern Sie sich einen Platz in den Schnupperlektionen.',
      'Drop by: taster classes every hour, coffee and cake, and a chance to meet all our teachers. Entry is free; registering saves you a place in the taster classes.',
      "Passez nous voir : cours d'essai toutes les heures, café et gâteaux, et rencontre avec tous nos enseignant·e·s. L'entrée est libre ; en vous inscrivant, vous réservez une place aux cours d'essai.",
    ),
    image: '13-outdoor-event.svg',
    dates: [{ week: 0, weekday: 5, hour: 10, minute: 0, minutes: 360 }],
    tickets: [{ name: t('Freier Eintritt', 'Free entry', 'Entrée libre'), priceMinor: 0, stock: 50, maxPerOrder: 6, per: 'each' }],
  },
  {
    kind: 'event',
    name: t('Sommerkonzert', 'Summer concert', "Concert d'été"),
    description: t(
      'Der Chor und das Kammerensemble des Studios spielen Werke von Mozart bis zu Schweizer Volksliedern. Einlass 30 Minuten vor Beginn, freie Platzwahl.',
      "The studio's choir and chamber ensemble perform works from Mozart to Swiss folk songs. Doors open 30 minutes before the start, free seating.",
      "Le chœur et l'ensemble de chambre du studio interprètent des œuvres de Mozart aux chansons populaires suisses. Ouverture des portes 30 minutes avant le début, placement libre.",
    ),
    image: '12-choir.svg',
    dates: [{ week: 2, weekday: 5, hour: 19, minute: 30, minutes: 120 }],
    tickets: [
      { name: t('Standard', 'Standard', 'Standard'), priceMinor: 2_500, stock: 80, per: 'each' },
      {
        name: t('Ermässigt', 'Reduced', 'Réduit'),
        description: t(
          'Für Kinder, Studierende und AHV-Bezüger:innen.',
          'For children, students and pensioners.',
          'Pour les enfants, les étudiant·e·s et les retraité·e·s.',
        ),
        priceMinor: 1_500,
        stock: 20,
        per: 'each',
      },
    ],
  },
  {
    kind: 'course',
    name: t('Salsa für Paare', 'Salsa for couples', 'Salsa en couple'),
    description: t(
      'Acht Donnerstagabende Salsa cubana: Grundschritt, erste Drehungen und kleine Figuren. Sie melden sich zu zweit an – pro Person ein Ticket.',
      'Eight Thursday evenings of Cuban salsa: the basic step, first turns and short figures. Sign up as a pair — one ticket per person.',
      'Huit jeudis soir de salsa cubaine : pas de base, premiers tours et petites figures. Inscription à deux – un billet par personne.',
    ),
    image: '02-dance.svg',
    dates: weekly(8, 1, 3, 20, 0, 90),
    tickets: [
      {
        name: t('Ganzer Kurs pro Person', 'Whole course per person', 'Cours complet par personne'),
        priceMinor: 24_000,
        stock: 16,
        per: 'whole',
      },
    ],
    waitingList: true,
  },
  {
    kind: 'course',
    name: t('Gitarre für Anfänger', 'Guitar for beginners', 'Guitare pour débutants'),
    description: t(
      'In acht Lektionen vom ersten Akkord zum ersten Lied: Griffe, Rhythmus und einfache Begleitungen in einer kleinen Gruppe. Leihgitarren sind vorhanden.',
      'From the first chord to the first song in eight lessons: chords, rhythm and simple accompaniment in a small group. Loan guitars available.',
      'Du premier accord à la première chanson en huit leçons : accords, rythme et accompagnements simples en petit groupe. Guitares de prêt disponibles.',
    ),
    image: '03-music.svg',
    dates: weekly(8, 2, 0, 19, 0, 60),
    tickets: [
      {
        name: t('Ganzer Kurs (8 Lektionen)', 'Whole course (8 lessons)', 'Cours complet (8 leçons)'),
        priceMinor: 28_000,
        stock: 6,
        per: 'whole',
      },
    ],
  },
  {
    kind: 'course',
    name: t('Italienisch A1', 'Italian A1', 'Italien A1'),
    description: t(
      'Zehn Abende für den Start in die italienische Sprache: sich vorstellen, bestellen, nach dem Weg fragen. Mit Lehrmittel.',
      'Ten evenings to get started in Italian: introducing yourself, ordering, asking the way. Course book included.',
      "Dix soirées pour commencer l'italien : se présenter, commander, demander son chemin. Manuel compris.",
    ),
    image: '04-languages.svg',
    dates: weekly(10, 3, 0, 18, 0, 90),
    tickets: [
      {
        name: t('Ganzer Kurs inkl. Lehrmittel', 'Whole course incl. course book', 'Cours complet avec manuel'),
        priceMinor: 39_000,
        stock: 10,
        per: 'whole',
      },
    ],
  },
  {
    kind: 'event',
    name: t('Bouldern zum Ausprobieren', 'Bouldering taster', 'Initiation au bloc'),
    description: t(
      'Zwei Stunden an der Boulderwand mit einer Kletterlehrerin: Technik, Fallen und Sichern. Schuhe und Kreide sind inbegriffen. Jede Woche, buchbar pro Abend.',
      'Two hours at the bouldering wall with a climbing instructor: technique, falling and spotting. Shoes and chalk included. Every week, booked per evening.',
      'Deux heures au mur de bloc avec une monitrice : technique, chutes et parade. Chaussons et magnésie compris. Chaque semaine, à réserver par soirée.',
    ),
    image: '05-climbing.svg',
    // Every week from the day after tomorrow on: the demo always has a date within a week.
    dates: Array.from({ length: 6 }, (_, i) => ({ fromToday: 2 + i * 7, hour: 18, minute: 0, minutes: 120 })),
    tickets: [{ name: t('Abend inkl. Material', 'Evening incl. gear', 'Soirée avec matériel'), priceMinor: 3_000, stock: 8, per: 'each' }],
  },
  {
    kind: 'event',
    name: t('Italienischer Kochabend', 'Italian cooking evening', 'Soirée cuisine italienne'),
    description: t(
      'Wir kochen zusammen ein Menü in vier Gängen – von frischer Pasta bis Tiramisù – und essen es danach gemeinsam. Getränke inbegriffen.',
      'Together we cook a four-course menu — from fresh pasta to tiramisù — and then eat it together. Drinks included.',
      'Nous cuisinons ensemble un menu en quatre plats – des pâtes fraîches au tiramisù – puis le dégustons ensemble. Boissons comprises.',
    ),
    image: '06-cooking.svg',
    dates: [{ week: 1, weekday: 4, hour: 18, minute: 30, minutes: 210 }],
    tickets: [
      {
        name: t('Kochabend mit Essen', 'Cooking evening with dinner', 'Soirée cuisine avec repas'),
        priceMinor: 9_500,
        stock: 12,
        per: 'each',
      },
    ],
  },
  {
    kind: 'event',
    name: t('Aquarell-Workshop: Landschaften', 'Watercolour workshop: landscapes', 'Atelier aquarelle : paysages'),
    description: t(
      'Ein Nachmittag mit Pinsel und Wasserfarben: Himmel, Berge und Seen in lockeren Aquarellen. Papier und Farben sind inbegriffen.',
      'An afternoon with brushes and watercolours: skies, mountains and lakes in loose washes. Paper and paints included.',
      'Un après-midi avec pinceaux et aquarelles : ciels, montagnes et lacs en lavis légers. Papier et couleurs compris.',
    ),
    image: '07-painting.svg',
    dates: [{ week: 6, weekday: 5, hour: 13, minute: 0, minutes: 240 }],
    tickets: [
      {
        name: t('Workshop inkl. Material', 'Workshop incl. materials', 'Atelier avec matériel'),
        priceMinor: 8_500,
        stock: 10,
        per: 'each',
      },
    ],
  },
  {
    kind: 'course',
    name: t('Töpferwochenende', 'Pottery weekend', 'Week-end poterie'),
    description: t(
      'Zwei Tage an der Drehscheibe: zentrieren, hochziehen, formen. Ihre Stücke werden gebrannt und glasiert und können zwei Wochen später abgeholt werden.',
      'Two days at the wheel: centring, pulling up, shaping. Your pieces are fired and glazed and ready to collect two weeks later.',
      'Deux jours au tour : centrer, monter, façonner. Vos pièces sont cuites et émaillées, à retirer deux semaines plus tard.',
    ),
    image: '08-pottery.svg',
    dates: [
      { week: 4, weekday: 5, hour: 10, minute: 0, minutes: 360 },
      { week: 4, weekday: 6, hour: 10, minute: 0, minutes: 360 },
    ],
    tickets: [
      {
        name: t('Wochenende inkl. Ton und Brand', 'Weekend incl. clay and firing', 'Week-end avec argile et cuisson'),
        priceMinor: 26_000,
        stock: 8,
        per: 'whole',
      },
    ],
    waitingList: true,
  },
  {
    kind: 'course',
    name: t('Schwimmen für Erwachsene', 'Swimming for adults', 'Natation pour adultes'),
    description: t(
      'Fünf Samstagmorgen im Hallenbad: Wassergewöhnung, Atmung und Crawl in einer kleinen Gruppe mit einer erfahrenen Schwimmlehrerin.',
      'Five Saturday mornings at the indoor pool: getting used to the water, breathing and front crawl in a small group with an experienced teacher.',
      "Cinq samedis matin à la piscine couverte : familiarisation avec l'eau, respiration et crawl en petit groupe avec une monitrice expérimentée.",
    ),
    image: '09-swimming.svg',
    dates: weekly(5, 1, 5, 9, 0, 45),
    tickets: [
      {
        name: t('Ganzer Kurs (5 Lektionen)', 'Whole course (5 lessons)', 'Cours complet (5 leçons)'),
        priceMinor: 12_500,
        stock: 6,
        per: 'whole',
      },
    ],
  },
  {
    kind: 'course',
    name: t('Programmieren für Kinder (8–12 Jahre)', 'Coding for kids (8–12 years)', 'Programmation pour enfants (8–12 ans)'),
    description: t(
      'Sechs Mittwochnachmittage: Kinder programmieren Spiele und kleine Roboter mit Blöcken und ersten Zeilen Python. Laptops sind vorhanden.',
      'Six Wednesday afternoons: children program games and little robots with blocks and their first lines of Python. Laptops provided.',
      'Six mercredis après-midi : les enfants programment des jeux et de petits robots avec des blocs et leurs premières lignes de Python. Ordinateurs fournis.',
    ),
    image: '10-coding.svg',
    dates: weekly(6, 3, 2, 14, 0, 90),
    tickets: [{ name: t('Ganzer Kurs', 'Whole course', 'Cours complet'), priceMinor: 15_000, stock: 10, per: 'whole' }],
  },
  {
    kind: 'event',
    name: t('Fotospaziergang bei Sonnenuntergang', 'Sunset photo walk', 'Balade photo au coucher du soleil'),
    description: t(
      'Mit der Kamera oder dem Handy dem Seeufer entlang: Licht, Bildaufbau und Belichtung im goldenen Abendlicht. Treffpunkt beim Studio.',
      'Along the lakeshore with a camera or phone: light, composition and exposure in the golden evening light. Meeting point at the studio.',
      'Le long du lac avec un appareil photo ou un téléphone : lumière, composition et exposition dans la lumière dorée du soir. Rendez-vous au studio.',
    ),
    image: '11-photography.svg',
    dates: [{ week: 8, weekday: 6, hour: 17, minute: 0, minutes: 150 }],
    tickets: [
      { name: t('Frühbucher', 'Early bird', 'Prévente'), priceMinor: 3_500, stock: 10, per: 'each', saleEndDays: 21 },
      { name: t('Standard', 'Standard', 'Standard'), priceMinor: 4_500, stock: 15, per: 'each' },
    ],
  },
];
