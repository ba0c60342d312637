import type { Translated } from '@bookla/shared';

export interface FaqSeed {
  key: string;
  question: Translated;
  answer: Translated;
}

export const faqItems: FaqSeed[] = [
  {
    key: 'pricing',
    question: {
      de: 'Was kostet Bookla?',
      en: 'How much does Bookla cost?',
      fr: 'Combien coûte Bookla ?',
    },
    answer: {
      de: 'Es gibt zwei Tarife mit vollem Funktionsumfang: Pay-As-You-Go kostet CHF 0 pro Monat und 7,9 % + CHF 0.49 pro Verkauf, Business kostet CHF 139 pro Monat und 3,9 % + CHF 0.49 pro Verkauf.\n\nAb rund CHF 3500 Umsatz pro Monat lohnt sich der Business-Tarif. Es gibt keine Einrichtungsgebühren und keine Mindestlaufzeit.',
      en: 'There are two tiers, both with full functionality: Pay-As-You-Go costs CHF 0 per month plus 7.9% + CHF 0.49 per sale, and Business costs CHF 139 per month plus 3.9% + CHF 0.49 per sale.\n\nFrom around CHF 3,500 in monthly sales, Business is the cheaper option. There are no setup fees and no minimum term.',
      fr: 'Il existe deux formules, toutes deux avec l’ensemble des fonctionnalités : Pay-As-You-Go coûte CHF 0 par mois plus 7,9 % + CHF 0.49 par vente, Business coûte CHF 139 par mois plus 3,9 % + CHF 0.49 par vente.\n\nÀ partir d’environ CHF 3500 de ventes mensuelles, la formule Business est la plus avantageuse. Il n’y a ni frais de mise en service ni durée minimale.',
    },
  },
  {
    key: 'fees',
    question: {
      de: 'Wer bezahlt die Gebühren pro Verkauf?',
      en: 'Who pays the fees per sale?',
      fr: 'Qui paie les frais par vente ?',
    },
    answer: {
      de: 'Die Servicegebühr fällt pro bezahlter Bestellung an und wird grundsätzlich von Ihnen als Anbieter getragen. Sie können sie aber ganz oder teilweise an Ihre Kundinnen und Kunden weitergeben, indem Sie sie im Ticketpreis einrechnen oder als Buchungsgebühr ausweisen.\n\nKostenlose Anmeldungen sind gebührenfrei.',
      en: 'The service fee applies to each paid order and is borne by you as the provider. You can pass it on to your customers in full or in part, either by including it in the ticket price or by showing it as a booking fee.\n\nFree registrations are free of charge.',
      fr: 'Les frais de service s’appliquent à chaque commande payée et sont à la charge du prestataire. Vous pouvez toutefois les répercuter en tout ou partie sur vos clients, en les intégrant au prix du billet ou en les affichant comme frais de réservation.\n\nLes inscriptions gratuites ne coûtent rien.',
    },
  },
  {
    key: 'payout',
    question: {
      de: 'Wann erhalte ich mein Geld?',
      en: 'When do I receive my money?',
      fr: 'Quand est-ce que je reçois mon argent ?',
    },
    answer: {
      de: 'Online-Zahlungen laufen über das Konto bei Ihrem Zahlungsdienstleister, das Sie mit Bookla verbinden. Das Geld wird direkt an Sie ausbezahlt, in der Regel innert weniger Werktage auf Ihr Bankkonto.\n\nBookla hält keine Kundengelder zurück; unsere Gebühren stellen wir monatlich in Rechnung.',
      en: 'Online payments are processed through your own account with the payment service provider you connect to Bookla. The money is paid out directly to you, usually to your bank account within a few business days.\n\nBookla never holds your customers’ money; we invoice our fees monthly.',
      fr: 'Les paiements en ligne passent par votre propre compte auprès du prestataire de paiement que vous connectez à Bookla. L’argent vous est versé directement, en général sur votre compte bancaire en quelques jours ouvrables.\n\nBookla ne détient jamais l’argent de vos clients ; nos frais sont facturés mensuellement.',
    },
  },
  {
    key: 'payment_methods',
    question: {
      de: 'Welche Zahlungsmittel können meine Kunden nutzen?',
      en: 'Which payment methods can my customers use?',
      fr: 'Quels moyens de paiement mes clients peuvent-ils utiliser ?',
    },
    answer: {
      de: 'Ihre Kundinnen und Kunden bezahlen bequem mit Kredit- und Debitkarten (z. B. Visa und Mastercard), TWINT, Apple Pay oder Google Pay. Welche Zahlungsmittel verfügbar sind, hängt von Ihrem Zahlungsdienstleister, Ihrem Land und Ihrer Währung ab.',
      en: 'Your customers can pay conveniently by credit and debit card (e.g. Visa and Mastercard), TWINT, Apple Pay or Google Pay. The methods available depend on your payment service provider, your country and your currency.',
      fr: 'Vos clients paient facilement par carte de crédit ou de débit (p. ex. Visa et Mastercard), TWINT, Apple Pay ou Google Pay. Les moyens disponibles dépendent de votre prestataire de paiement, de votre pays et de votre devise.',
    },
  },
  {
    key: 'embed',
    question: {
      de: 'Kann ich Bookla in meine eigene Website einbinden?',
      en: 'Can I embed Bookla in my own website?',
      fr: 'Puis-je intégrer Bookla à mon propre site web ?',
    },
    answer: {
      de: 'Ja. Sie kopieren einen kurzen Code aus dem Backoffice und fügen ihn auf Ihrer Website ein, zum Beispiel in WordPress, Wix, Squarespace oder Jimdo. Ihre Kurse und Events erscheinen dann direkt auf Ihrer Seite und können dort gebucht werden.\n\nZusätzlich erhalten Sie einen eigenen Shop in Ihrem Design, den Sie verlinken oder teilen können.',
      en: 'Yes. You copy a short code snippet from the back office and paste it into your website, for example in WordPress, Wix, Squarespace or Jimdo. Your courses and events then appear directly on your site and can be booked there.\n\nYou also get your own shop in your branding that you can link to or share.',
      fr: 'Oui. Il suffit de copier un court extrait de code depuis le back-office et de le coller dans votre site, par exemple sous WordPress, Wix, Squarespace ou Jimdo. Vos cours et événements s’affichent alors directement sur votre site et peuvent y être réservés.\n\nVous disposez en plus de votre propre boutique à vos couleurs, que vous pouvez lier ou partager.',
    },
  },
  {
    key: 'languages',
    question: {
      de: 'In welchen Sprachen ist Bookla verfügbar?',
      en: 'Which languages does Bookla support?',
      fr: 'Dans quelles langues Bookla est-il disponible ?',
    },
    answer: {
      de: 'Bookla ist auf Deutsch, Englisch und Französisch verfügbar. Sie legen fest, in welchen Sprachen Ihr Shop erscheint, und erfassen Titel und Beschreibungen Ihrer Aktivitäten pro Sprache; fehlt eine Übersetzung, wird automatisch eine vorhandene Sprache angezeigt.',
      en: 'Bookla is available in German, English and French. You choose the languages of your shop and enter the titles and descriptions of your activities per language; if a translation is missing, an existing language is shown automatically.',
      fr: 'Bookla est disponible en allemand, en anglais et en français. Vous choisissez les langues de votre boutique et saisissez les titres et descriptions de vos activités dans chaque langue ; si une traduction manque, une langue existante est affichée automatiquement.',
    },
  },
  {
    key: 'waiting_list',
    question: {
      de: 'Wie funktioniert die Warteliste?',
      en: 'How does the waiting list work?',
      fr: 'Comment fonctionne la liste d’attente ?',
    },
    answer: {
      de: 'Ist ein Termin ausgebucht, können sich Interessierte auf die Warteliste setzen. Wird ein Platz frei, werden sie per E-Mail benachrichtigt und können direkt buchen.\n\nSie sehen alle Einträge im Backoffice, und Interessierte können sich jederzeit selbst per Link wieder austragen.',
      en: 'When a date is fully booked, interested people can join the waiting list. As soon as a place becomes available, they are notified by email and can book right away.\n\nYou see all entries in the back office, and people can remove themselves from the list at any time via a link.',
      fr: 'Lorsqu’une date est complète, les personnes intéressées peuvent s’inscrire sur la liste d’attente. Dès qu’une place se libère, elles sont averties par e-mail et peuvent réserver immédiatement.\n\nVous voyez toutes les inscriptions dans le back-office, et chacun peut se retirer de la liste à tout moment via un lien.',
    },
  },
  {
    key: 'check_in',
    question: {
      de: 'Wie funktioniert der Check-in mit QR-Codes?',
      en: 'How does check-in with QR codes work?',
      fr: 'Comment fonctionne le contrôle d’entrée avec les codes QR ?',
    },
    answer: {
      de: 'Jedes Ticket enthält einen persönlichen QR-Code. Am Eingang scannen Sie oder Ihre Mitarbeitenden den Code mit der Kamera eines Smartphones oder Tablets im Browser, eine zusätzliche App ist nicht nötig.\n\nBookla zeigt sofort an, ob das Ticket gültig ist oder bereits eingecheckt wurde.',
      en: 'Every ticket contains a personal QR code. At the entrance, you or your staff scan the code in the browser using the camera of a smartphone or tablet; no additional app is needed.\n\nBookla immediately shows whether the ticket is valid or has already been checked in.',
      fr: 'Chaque billet contient un code QR personnel. À l’entrée, vous ou votre équipe scannez le code dans le navigateur avec la caméra d’un smartphone ou d’une tablette, sans application supplémentaire.\n\nBookla indique immédiatement si le billet est valable ou s’il a déjà été utilisé.',
    },
  },
  {
    key: 'data_protection',
    question: {
      de: 'Wo werden meine Daten gespeichert und ist Bookla datenschutzkonform?',
      en: 'Where is my data stored and is Bookla compliant with data protection law?',
      fr: 'Où mes données sont-elles stockées et Bookla respecte-t-il la protection des données ?',
    },
    answer: {
      de: 'Ihre Daten und die Ihrer Kundinnen und Kunden werden in Rechenzentren in der Schweiz gespeichert. Bookla erfüllt die Anforderungen des revidierten Schweizer Datenschutzgesetzes (revDSG) und der EU-DSGVO.\n\nFür die Daten Ihrer Kunden handeln wir als Auftragsbearbeiterin; einen Auftragsbearbeitungsvertrag erhalten Sie bei privacy@bookla.ch.',
      en: 'Your data and that of your customers is stored in data centres in Switzerland. Bookla meets the requirements of the revised Swiss Federal Act on Data Protection (revDSG) and the EU GDPR.\n\nFor your customers’ data we act as a processor; you can obtain a data processing agreement from privacy@bookla.ch.',
      fr: 'Vos données et celles de vos clients sont stockées dans des centres de données en Suisse. Bookla respecte les exigences de la nouvelle loi fédérale sur la protection des données (nLPD/revDSG) et du RGPD européen.\n\nPour les données de vos clients, nous agissons en tant que sous-traitant ; vous pouvez obtenir un contrat de sous-traitance auprès de privacy@bookla.ch.',
    },
  },
  {
    key: 'cancellation',
    question: {
      de: 'Kann ich jederzeit kündigen?',
      en: 'Can I cancel at any time?',
      fr: 'Puis-je résilier à tout moment ?',
    },
    answer: {
      de: 'Ja. Pay-As-You-Go hat keine Grundgebühr und kann jederzeit beendet werden, der Business-Tarif ist jeweils auf Ende des Abrechnungsmonats kündbar. Sie können auch jederzeit zwischen den Tarifen wechseln.\n\nNach der Kündigung können Sie Ihre Daten während 30 Tagen exportieren.',
      en: 'Yes. Pay-As-You-Go has no monthly fee and can be ended at any time; the Business tier can be cancelled at the end of each billing month. You can also switch between tiers at any time.\n\nAfter cancelling, you can export your data for 30 days.',
      fr: 'Oui. La formule Pay-As-You-Go n’a pas d’abonnement mensuel et peut être arrêtée à tout moment ; la formule Business est résiliable pour la fin de chaque mois de facturation. Vous pouvez aussi changer de formule à tout moment.\n\nAprès la résiliation, vous pouvez exporter vos données pendant 30 jours.',
    },
  },
  {
    key: 'staff_roles',
    question: {
      de: 'Kann mein Team mit Bookla arbeiten?',
      en: 'Can my team work in Bookla?',
      fr: 'Mon équipe peut-elle travailler avec Bookla ?',
    },
    answer: {
      de: 'Ja, Sie können beliebig viele Mitarbeitende per E-Mail einladen und ihnen Rollen zuweisen. Mit der Rolle «Kursleitung» sieht man zum Beispiel nur Aktivitäten und Teilnehmende, während die Rolle «Editor» Zugriff auf alle Bereiche wie Bestellungen, Rabatte und Einstellungen gewährt.',
      en: 'Yes, you can invite as many staff members as you like by email and assign them roles. With the Instructor role, for example, staff only see activities and participants, while the Editor role grants access to all areas such as orders, discounts and settings.',
      fr: 'Oui, vous pouvez inviter autant de collaborateurs que vous le souhaitez par e-mail et leur attribuer des rôles. Le rôle « Animateur » ne donne par exemple accès qu’aux activités et aux participants, tandis que le rôle « Éditeur » ouvre l’accès à tous les domaines, comme les commandes, les rabais et les paramètres.',
    },
  },
  {
    key: 'data_export',
    question: {
      de: 'Kann ich meine Daten exportieren?',
      en: 'Can I export my data?',
      fr: 'Puis-je exporter mes données ?',
    },
    answer: {
      de: 'Ja. Bestellungen, Teilnehmende, Kunden und Wartelisten können Sie jederzeit als CSV- oder Excel-Datei exportieren, etwa für Ihre Buchhaltung oder Teilnehmerlisten. Ihre Daten gehören Ihnen.',
      en: 'Yes. You can export orders, participants, customers and waiting lists as CSV or Excel files at any time, for example for your accounting or attendance lists. Your data belongs to you.',
      fr: 'Oui. Vous pouvez exporter à tout moment les commandes, les participants, les clients et les listes d’attente au format CSV ou Excel, par exemple pour votre comptabilité ou vos listes de présence. Vos données vous appartiennent.',
    },
  },
  {
    key: 'trial',
    question: {
      de: 'Kann ich Bookla unverbindlich ausprobieren?',
      en: 'Can I try Bookla without commitment?',
      fr: 'Puis-je essayer Bookla sans engagement ?',
    },
    answer: {
      de: 'Ja. Registrieren Sie sich kostenlos im Tarif Pay-As-You-Go, ohne Kreditkarte und ohne Grundgebühr. Sie können alle Funktionen testen und bezahlen erst, wenn Sie tatsächlich verkaufen.',
      en: 'Yes. Sign up for free on the Pay-As-You-Go tier, with no credit card and no monthly fee. You can test all features and only pay once you actually sell.',
      fr: 'Oui. Inscrivez-vous gratuitement avec la formule Pay-As-You-Go, sans carte de crédit ni abonnement mensuel. Vous pouvez tester toutes les fonctionnalités et ne payez que lorsque vous vendez réellement.',
    },
  },
  {
    key: 'vat',
    question: {
      de: 'Wie wird die Mehrwertsteuer behandelt?',
      en: 'How is VAT handled?',
      fr: 'Comment la TVA est-elle gérée ?',
    },
    answer: {
      de: 'Unsere Preise verstehen sich exklusive Mehrwertsteuer; für Anbieter in der Schweiz und in Liechtenstein wird die MWST zum geltenden Satz hinzugerechnet.\n\nFür Ihre eigenen Verkäufe hinterlegen Sie Ihre MWST-Nummer und Steuersätze in den Einstellungen, damit diese korrekt auf den Belegen Ihrer Kunden erscheinen.',
      en: 'Our prices exclude VAT; for providers in Switzerland and Liechtenstein, VAT is added at the applicable rate.\n\nFor your own sales, you enter your VAT number and tax rates in the settings so that they appear correctly on your customers’ receipts.',
      fr: 'Nos prix s’entendent hors TVA ; pour les prestataires en Suisse et au Liechtenstein, la TVA est ajoutée au taux en vigueur.\n\nPour vos propres ventes, vous enregistrez votre numéro de TVA et vos taux dans les paramètres afin qu’ils figurent correctement sur les justificatifs de vos clients.',
    },
  },
];
