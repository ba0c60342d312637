import type { Translated } from '@bookla/shared';

export interface ContentPageSeed {
  type: string;
  group: string;
  title: Translated;
  content: Translated;
  seo_desc: Translated;
  seo_keywords: Translated;
}

type PageBody = Omit<ContentPageSeed, 'type' | 'group'>;

// ---------------------------------------------------------------------------
// General terms and conditions (AGB)
// ---------------------------------------------------------------------------
const agb: PageBody = {
  title: {
    de: 'Allgemeine Geschäftsbedingungen',
    en: 'General Terms and Conditions',
    fr: 'Conditions générales',
  },
  seo_desc: {
    de: 'Die Allgemeinen Geschäftsbedingungen der Bookla AG für Kurs- und Eventanbieter, die Kurse, Events und Tickets über Bookla verkaufen.',
    en: 'The General Terms and Conditions of Bookla AG for course and event providers who sell courses, events and tickets through Bookla.',
    fr: 'Les conditions générales de Bookla AG pour les prestataires de cours et d’événements qui vendent des cours, des événements et des billets via Bookla.',
  },
  seo_keywords: {
    de: 'AGB, Allgemeine Geschäftsbedingungen, Bookla, Kursanbieter, Eventanbieter, Ticketverkauf, Schweiz',
    en: 'terms and conditions, GTC, Bookla, course providers, event providers, ticket sales, Switzerland',
    fr: 'conditions générales, CG, Bookla, prestataires de cours, organisateurs d’événements, billetterie, Suisse',
  },
  content: {
    de: `<h2>1. Geltungsbereich</h2>
<p>Diese Allgemeinen Geschäftsbedingungen (AGB) regeln das Vertragsverhältnis zwischen der Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz («Bookla»), und Unternehmen, Vereinen und Personen, die über die Plattform Bookla Kurse, Events und Tickets verkaufen («Anbieter»). Mit der Registrierung akzeptiert der Anbieter diese AGB.</p>
<h2>2. Leistungen von Bookla</h2>
<p>Bookla stellt eine Software as a Service zur Verfügung, mit der Anbieter Aktivitäten und Termine veröffentlichen, Tickets über einen White-Label-Shop oder über Einbettungen auf der eigenen Website verkaufen und Bestellungen, Kunden, Wartelisten, Mitarbeitende, Statistiken und den Check-in in einem Backoffice verwalten. Bookla entwickelt die Plattform laufend weiter und kann Funktionen anpassen, sofern der Kernumfang erhalten bleibt. Eine ununterbrochene Verfügbarkeit kann nicht garantiert werden.</p>
<p>Verträge über Kurse, Events und Tickets kommen ausschliesslich zwischen dem Anbieter und dem Käufer zustande. Bookla ist weder Veranstalterin noch Verkäuferin und ist nicht für die Durchführung der angebotenen Aktivitäten verantwortlich.</p>
<h2>3. Registrierung und Konto</h2>
<p>Der Anbieter macht bei der Registrierung vollständige und wahrheitsgetreue Angaben und hält diese aktuell. Zugangsdaten sind vertraulich zu behandeln. Der Anbieter ist für alle Handlungen über sein Konto verantwortlich, auch für jene eingeladener Mitarbeitender, deren Rollen und Berechtigungen er selbst festlegt.</p>
<h2>4. Preise und Zahlungsbedingungen</h2>
<p>Bookla bietet zwei Tarife mit vollem Funktionsumfang an:</p>
<ul>
<li><strong>Pay-As-You-Go:</strong> CHF 0 pro Monat zuzüglich 7,9 % + CHF 0.49 pro Verkauf</li>
<li><strong>Business:</strong> CHF 139 pro Monat zuzüglich 3,9 % + CHF 0.49 pro Verkauf</li>
</ul>
<p>Alle Preise verstehen sich in Schweizer Franken und exklusive Mehrwertsteuer. Die Berechnung der Gebühren pro Verkauf und die Regelung bei Rückerstattungen sind auf der Seite «Servicegebühren» beschrieben. Gebühren Dritter, insbesondere von Zahlungsdienstleistern, sind nicht enthalten (siehe «Fremdgebühren»). Bookla stellt die Gebühren monatlich nachträglich in Rechnung; Rechnungen sind innert 30 Tagen zahlbar. Bei Zahlungsverzug kann Bookla den Zugang nach erfolgloser Mahnung sperren.</p>
<h2>5. Pflichten des Anbieters</h2>
<p>Der Anbieter ist für die von ihm veröffentlichten Inhalte verantwortlich und stellt sicher, dass seine Angebote dem anwendbaren Recht entsprechen, insbesondere den Vorschriften zu Konsumentenschutz, Preisbekanntgabe und Steuern. Er beschreibt seine Aktivitäten korrekt, gibt Endpreise inklusive aller obligatorischen Zuschläge an, informiert die Käufer über seine eigenen Bedingungen und Annullierungsregeln und wickelt Anfragen, Absagen und Rückerstattungen gegenüber seinen Käufern selbst ab. Rechtswidrige oder die Rechte Dritter verletzende Inhalte sind untersagt.</p>
<h2>6. Datenschutz</h2>
<p>Bookla bearbeitet Personendaten gemäss dem revidierten Schweizer Datenschutzgesetz (revDSG) und, soweit anwendbar, der EU-Datenschutz-Grundverordnung (DSGVO). Für die Daten der Käufer handelt Bookla als Auftragsbearbeiterin des Anbieters; der Auftragsbearbeitungsvertrag ist Bestandteil dieser AGB. Einzelheiten regelt die Datenschutzerklärung.</p>
<h2>7. Haftung</h2>
<p>Bookla haftet für Schäden, die vorsätzlich oder grobfahrlässig verursacht wurden. Jede weitergehende Haftung, insbesondere für leichte Fahrlässigkeit, indirekte Schäden, Folgeschäden und entgangenen Gewinn, ist im gesetzlich zulässigen Umfang ausgeschlossen. Bookla haftet weder für die Aktivitäten der Anbieter noch für Leistungen Dritter wie Zahlungsdienstleister.</p>
<h2>8. Laufzeit und Kündigung</h2>
<p>Der Vertrag gilt auf unbestimmte Zeit. Der Tarif Pay-As-You-Go kann jederzeit, der Tarif Business jeweils auf Ende eines Abrechnungsmonats gekündigt werden. Die Kündigung aus wichtigem Grund bleibt vorbehalten. Nach Vertragsende kann der Anbieter seine Daten während 30 Tagen exportieren; danach werden sie unter Vorbehalt gesetzlicher Aufbewahrungspflichten gelöscht.</p>
<h2>9. Änderungen</h2>
<p>Bookla kann diese AGB anpassen. Änderungen werden mindestens 30 Tage vor Inkrafttreten per E-Mail mitgeteilt. Widerspricht der Anbieter nicht bis zu diesem Zeitpunkt, gelten sie als angenommen; im Fall eines Widerspruchs kann er den Vertrag auf das Inkrafttreten hin kündigen.</p>
<h2>10. Anwendbares Recht und Gerichtsstand</h2>
<p>Es gilt ausschliesslich materielles Schweizer Recht unter Ausschluss des Wiener Kaufrechts (CISG). Ausschliesslicher Gerichtsstand ist Zürich. Sollte eine Bestimmung unwirksam sein, bleibt die Gültigkeit der übrigen Bestimmungen unberührt.</p>
<p>Fragen zu diesen AGB: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>`,
    en: `<h2>1. Scope</h2>
<p>These General Terms and Conditions (GTC) govern the contractual relationship between Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland ("Bookla"), and the companies, associations and individuals who sell courses, events and tickets through the Bookla platform ("providers"). By registering, the provider accepts these GTC.</p>
<h2>2. Services provided by Bookla</h2>
<p>Bookla provides software as a service that enables providers to publish activities and dates, sell tickets through a white-label shop or through embeds on their own website, and manage orders, customers, waiting lists, staff, statistics and check-in in a back office. Bookla may further develop and adapt features, provided the core functionality is maintained. Uninterrupted availability cannot be guaranteed.</p>
<p>Contracts for courses, events and tickets are concluded exclusively between the provider and the buyer. Bookla is neither the organiser nor the seller and is not responsible for the delivery of the activities offered.</p>
<h2>3. Registration and account</h2>
<p>The provider must give complete and accurate information when registering and keep it up to date. Login credentials must be kept confidential. The provider is responsible for all actions carried out through its account, including those of invited staff members, whose roles and permissions it defines itself.</p>
<h2>4. Prices and payment terms</h2>
<p>Bookla offers two tiers, both with full functionality:</p>
<ul>
<li><strong>Pay-As-You-Go:</strong> CHF 0 per month plus 7.9% + CHF 0.49 per sale</li>
<li><strong>Business:</strong> CHF 139 per month plus 3.9% + CHF 0.49 per sale</li>
</ul>
<p>All prices are in Swiss francs and exclude VAT. How the per-sale fees are calculated and how refunds are handled is described on the Service Fees page. Fees charged by third parties, in particular by payment service providers, are not included (see Outside Fees). Bookla invoices its fees monthly in arrears; invoices are payable within 30 days. In the event of late payment, Bookla may suspend access to the account after an unsuccessful reminder.</p>
<h2>5. Obligations of the provider</h2>
<p>The provider is responsible for the content it publishes and ensures that its offers comply with applicable law, in particular with consumer protection, price indication and tax regulations. It describes its activities accurately, states final prices including all mandatory charges, informs buyers of its own terms and cancellation rules, and handles enquiries, cancellations and refunds towards its buyers itself. Unlawful content and content that infringes the rights of third parties is prohibited.</p>
<h2>6. Data protection</h2>
<p>Bookla processes personal data in accordance with the revised Swiss Federal Act on Data Protection (revDSG) and, where applicable, the EU General Data Protection Regulation (GDPR). With regard to buyers' data, Bookla acts as a processor on behalf of the provider; the data processing agreement forms part of these GTC. Further details are set out in the privacy policy.</p>
<h2>7. Liability</h2>
<p>Bookla is liable for damage caused intentionally or through gross negligence. To the extent permitted by law, any further liability is excluded, in particular for slight negligence, indirect damage and loss of profit. Bookla is not liable for the activities of providers or for the services of third parties such as payment service providers.</p>
<h2>8. Term and termination</h2>
<p>The contract is concluded for an indefinite period. The Pay-As-You-Go tier can be terminated at any time, the Business tier at the end of each billing month. The right to terminate for good cause remains reserved. After the end of the contract, the provider can export its data for 30 days; the data is then deleted, subject to statutory retention obligations.</p>
<h2>9. Amendments</h2>
<p>Bookla may amend these GTC. Amendments are announced by email at least 30 days in advance. If the provider does not object by then, they are deemed accepted; if it objects, it may terminate the contract as of that date.</p>
<h2>10. Governing law and jurisdiction</h2>
<p>These GTC are governed exclusively by Swiss substantive law, excluding the UN Convention on Contracts for the International Sale of Goods (CISG). The exclusive place of jurisdiction is Zurich, Switzerland. If any provision is invalid, the remaining provisions remain in force.</p>
<p>Questions about these GTC: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>`,
    fr: `<h2>1. Champ d’application</h2>
<p>Les présentes conditions générales (CG) régissent la relation contractuelle entre Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Suisse (« Bookla »), et les organisations et personnes qui vendent des cours, des événements et des billets via Bookla (« prestataires »). En s’inscrivant, le prestataire accepte les présentes CG.</p>
<h2>2. Prestations de Bookla</h2>
<p>Bookla fournit un logiciel en mode SaaS qui permet aux prestataires de publier des activités et des dates, de vendre des billets via une boutique en marque blanche ou une intégration sur leur site web, et de gérer commandes, clients, listes d’attente, collaborateurs, statistiques et contrôle d’entrée dans un back-office. Bookla peut faire évoluer les fonctionnalités, pour autant que l’essentiel du service soit maintenu. Une disponibilité ininterrompue ne peut être garantie.</p>
<p>Les contrats portant sur les cours, événements et billets sont conclus exclusivement entre le prestataire et l’acheteur. Bookla n’est ni organisatrice ni vendeuse et n’est pas responsable de la tenue des activités proposées.</p>
<h2>3. Inscription et compte</h2>
<p>Le prestataire fournit des informations complètes et exactes lors de son inscription et les tient à jour. Les données d’accès doivent rester confidentielles. Le prestataire répond de toutes les actions effectuées via son compte, y compris celles des collaborateurs invités, dont il définit lui-même les rôles et les autorisations.</p>
<h2>4. Prix et conditions de paiement</h2>
<p>Bookla propose deux formules offrant l’ensemble des fonctionnalités :</p>
<ul>
<li><strong>Pay-As-You-Go :</strong> CHF 0 par mois, plus 7,9 % + CHF 0.49 par vente</li>
<li><strong>Business :</strong> CHF 139 par mois, plus 3,9 % + CHF 0.49 par vente</li>
</ul>
<p>Tous les prix s’entendent en francs suisses, hors TVA. Le calcul des frais par vente et le traitement des remboursements sont détaillés sur la page « Frais de service ». Les frais de tiers, notamment ceux des prestataires de paiement, ne sont pas compris (voir « Frais de tiers »). Bookla facture ses frais mensuellement à terme échu ; les factures sont payables à 30 jours. En cas de retard, Bookla peut bloquer l’accès après un rappel resté sans effet.</p>
<h2>5. Obligations du prestataire</h2>
<p>Le prestataire est responsable de ses contenus et veille à ce que ses offres respectent le droit applicable, notamment en matière de protection des consommateurs, d’indication des prix et de fiscalité. Il décrit correctement ses activités, indique des prix finaux incluant tous les suppléments obligatoires, informe les acheteurs de ses propres conditions et règles d’annulation et traite lui-même les demandes, annulations et remboursements. Les contenus illicites ou portant atteinte aux droits de tiers sont interdits.</p>
<h2>6. Protection des données</h2>
<p>Bookla traite les données personnelles conformément à la nouvelle loi fédérale sur la protection des données (nLPD/revDSG) et, le cas échéant, au règlement général européen sur la protection des données (RGPD). Pour les données des acheteurs, Bookla agit en tant que sous-traitant du prestataire ; le contrat de sous-traitance fait partie intégrante des présentes CG. Les détails figurent dans la déclaration de protection des données.</p>
<h2>7. Responsabilité</h2>
<p>Bookla répond des dommages causés intentionnellement ou par négligence grave. Dans la mesure permise par la loi, toute autre responsabilité est exclue, notamment pour négligence légère, dommages indirects et manque à gagner. Bookla ne répond ni des activités des prestataires ni des services de tiers tels que les prestataires de paiement.</p>
<h2>8. Durée et résiliation</h2>
<p>Le contrat est conclu pour une durée indéterminée. La formule Pay-As-You-Go peut être résiliée à tout moment, la formule Business pour la fin de chaque mois de facturation. La résiliation pour justes motifs demeure réservée. Après la fin du contrat, le prestataire peut exporter ses données pendant 30 jours ; elles sont ensuite supprimées, sous réserve des obligations légales de conservation.</p>
<h2>9. Modifications</h2>
<p>Bookla peut modifier les présentes CG. Les modifications sont annoncées par e-mail au moins 30 jours à l’avance. Sans opposition du prestataire d’ici là, elles sont réputées acceptées ; en cas d’opposition, il peut résilier le contrat pour cette date.</p>
<h2>10. Droit applicable et for</h2>
<p>Les présentes CG sont régies exclusivement par le droit matériel suisse, à l’exclusion de la Convention des Nations Unies sur les contrats de vente internationale de marchandises (CVIM). Le for exclusif est à Zurich. La nullité d’une disposition n’affecte pas la validité des autres.</p>
<p>Questions concernant ces CG : <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Privacy policy (used for both "datenschutz" and "privacy")
// ---------------------------------------------------------------------------
const privacyPolicy: PageBody = {
  title: {
    de: 'Datenschutzerklärung',
    en: 'Privacy Policy',
    fr: 'Déclaration de protection des données',
  },
  seo_desc: {
    de: 'Wie die Bookla AG Personendaten von Anbietern, Mitarbeitenden und Käufern gemäss revDSG und DSGVO bearbeitet und in der Schweiz speichert.',
    en: 'How Bookla AG processes personal data of providers, staff and buyers in accordance with the revDSG and GDPR and stores it in Switzerland.',
    fr: 'Comment Bookla AG traite les données personnelles des prestataires, collaborateurs et acheteurs conformément à la nLPD et au RGPD et les stocke en Suisse.',
  },
  seo_keywords: {
    de: 'Datenschutz, Datenschutzerklärung, revDSG, DSGVO, Hosting Schweiz, Bookla, Personendaten',
    en: 'privacy policy, data protection, revDSG, GDPR, Swiss hosting, Bookla, personal data',
    fr: 'protection des données, déclaration de confidentialité, nLPD, RGPD, hébergement en Suisse, Bookla, données personnelles',
  },
  content: {
    de: `<p>Die Bookla AG nimmt den Schutz Ihrer Personendaten ernst. Diese Datenschutzerklärung erläutert, welche Daten wir bei der Nutzung unserer Website und Plattform bearbeiten, zu welchen Zwecken und welche Rechte Sie haben. Sie richtet sich nach dem revidierten Schweizer Datenschutzgesetz (revDSG) und, soweit anwendbar, nach der EU-Datenschutz-Grundverordnung (DSGVO).</p>
<h2>Verantwortliche Stelle</h2>
<p>Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz. Für Datenschutzanliegen erreichen Sie uns unter <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>.</p>
<h2>Welche Daten wir bearbeiten</h2>
<ul>
<li><strong>Konto- und Firmendaten</strong> von Anbietern und ihren Mitarbeitenden: Name, E-Mail-Adresse, Telefonnummer, Rechnungsadresse, MWST-Nummer, Sprache und Rolle.</li>
<li><strong>Buchungsdaten</strong> von Käufern und Teilnehmenden: Name, Kontaktdaten, gebuchte Tickets, Zahlungsstatus sowie vom Anbieter abgefragte Angaben.</li>
<li><strong>Zahlungsdaten:</strong> Zahlungen werden von Zahlungsdienstleistern abgewickelt. Bookla speichert keine vollständigen Kartendaten.</li>
<li><strong>Nutzungs- und technische Daten</strong> wie IP-Adresse, Browsertyp, Zeitpunkt des Zugriffs und Logdateien.</li>
<li><strong>Kommunikationsdaten,</strong> wenn Sie mit uns Kontakt aufnehmen.</li>
</ul>
<h2>Zwecke und Rechtsgrundlagen</h2>
<p>Wir bearbeiten Daten, um unsere Leistungen zu erbringen und abzurechnen, um gesetzliche Pflichten wie die Aufbewahrung von Geschäftsunterlagen zu erfüllen, um die Sicherheit der Plattform zu gewährleisten und unser Angebot zu verbessern. Newsletter versenden wir nur mit Ihrer Einwilligung, die Sie jederzeit widerrufen können. Soweit die DSGVO anwendbar ist, stützen wir uns auf Art. 6 Abs. 1 lit. a, b, c und f DSGVO.</p>
<h2>Daten in den Shops der Anbieter</h2>
<p>Buchen Sie bei einem Anbieter, ist dieser für Ihre Buchungsdaten verantwortlich. Bookla bearbeitet diese Daten in seinem Auftrag als Auftragsbearbeiterin gestützt auf einen Auftragsbearbeitungsvertrag. Anfragen zu Ihrer Buchung richten Sie bitte direkt an den Anbieter.</p>
<h2>Hosting und Weitergabe</h2>
<p>Unsere Server und Datenbanken befinden sich in Rechenzentren in der Schweiz. Wir geben Daten nur weiter, soweit dies nötig ist, etwa an sorgfältig ausgewählte Zahlungsdienstleister und E-Mail-Versanddienste oder an Behörden, wenn wir gesetzlich dazu verpflichtet sind. Werden Daten in ein Land ohne angemessenen Datenschutz übermittelt, sichern wir dies mit geeigneten Garantien ab, insbesondere mit den Standardvertragsklauseln der EU-Kommission. Wir verkaufen keine Personendaten.</p>
<h2>Cookies</h2>
<p>Wir verwenden technisch notwendige Cookies, zum Beispiel für das Login und zum Schutz vor missbräuchlichen Anfragen. Analyse- oder Marketing-Cookies setzen wir nur mit Ihrer Einwilligung ein.</p>
<h2>Aufbewahrung und Sicherheit</h2>
<p>Wir speichern Personendaten so lange, wie es für die genannten Zwecke erforderlich ist oder gesetzliche Aufbewahrungspflichten bestehen; Geschäftsunterlagen bewahren wir gemäss Obligationenrecht während zehn Jahren auf. Wir schützen Ihre Daten mit verschlüsselter Übertragung (TLS), rollenbasierten Zugriffsrechten und regelmässigen Backups.</p>
<h2>Ihre Rechte</h2>
<p>Im Rahmen des anwendbaren Rechts haben Sie das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Bearbeitung, Datenherausgabe bzw. -übertragung, Widerspruch sowie auf Widerruf einer Einwilligung. Senden Sie Ihr Anliegen an <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>. Sie können zudem Beschwerde beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) oder, sofern die DSGVO anwendbar ist, bei einer Aufsichtsbehörde in Ihrem Wohnsitzstaat einreichen.</p>
<h2>Änderungen</h2>
<p>Wir können diese Datenschutzerklärung jederzeit anpassen. Es gilt die auf dieser Website veröffentlichte Fassung.</p>`,
    en: `<p>Bookla AG takes the protection of your personal data seriously. This privacy policy explains which data we process when you use our website and platform, for what purposes, and what rights you have. It is based on the revised Swiss Federal Act on Data Protection (revDSG) and, where applicable, the EU General Data Protection Regulation (GDPR).</p>
<h2>Controller</h2>
<p>Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland. For data protection matters, you can reach us at <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>.</p>
<h2>What data we process</h2>
<ul>
<li><strong>Account and company data</strong> of providers and their staff: name, email address, phone number, billing address, VAT number, language and role.</li>
<li><strong>Booking data</strong> of buyers and participants: name, contact details, booked tickets, payment status and any information requested by the provider.</li>
<li><strong>Payment data:</strong> payments are processed by payment service providers. Bookla does not store complete card details.</li>
<li><strong>Usage and technical data</strong> such as IP address, browser type, time of access and log files.</li>
<li><strong>Communication data</strong> when you contact us.</li>
</ul>
<h2>Purposes and legal bases</h2>
<p>We process data to provide and invoice our services, to comply with legal obligations such as the retention of business records, to ensure the security of the platform and to improve our services. We only send newsletters with your consent, which you can withdraw at any time. Where the GDPR applies, we rely on Art. 6(1)(a), (b), (c) and (f) GDPR.</p>
<h2>Data in provider shops</h2>
<p>When you book with a provider, that provider is the controller of your booking data. Bookla processes this data on its behalf as a processor, on the basis of a data processing agreement. Please direct any requests about your booking to the provider.</p>
<h2>Hosting and disclosure</h2>
<p>Our servers and databases are located in data centres in Switzerland. We only disclose data where necessary, for example to carefully selected payment service providers and email delivery services, or to authorities where we are legally obliged to do so. If data is transferred to a country without an adequate level of data protection, we put appropriate safeguards in place, in particular the European Commission's standard contractual clauses. We do not sell personal data.</p>
<h2>Cookies</h2>
<p>We use technically necessary cookies, for example for logging in and for protection against forged requests. We only use analytics or marketing cookies with your consent.</p>
<h2>Retention and security</h2>
<p>We store personal data for as long as necessary for the purposes stated or as long as statutory retention obligations apply; business records are kept for ten years in accordance with the Swiss Code of Obligations. We protect your data with encrypted transmission (TLS), role-based access rights and regular backups.</p>
<h2>Your rights</h2>
<p>Within the scope of applicable law, you have the right to access, rectification, erasure, restriction of processing, data portability, objection and withdrawal of consent. Please send your request to <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>. You may also lodge a complaint with the Federal Data Protection and Information Commissioner (FDPIC) or, where the GDPR applies, with a supervisory authority in your country of residence.</p>
<h2>Changes</h2>
<p>We may amend this privacy policy at any time. The version published on this website applies.</p>`,
    fr: `<p>Bookla AG prend très au sérieux la protection de vos données personnelles. La présente déclaration explique quelles données nous traitons lorsque vous utilisez notre site web et notre plateforme, dans quels buts et de quels droits vous disposez. Elle se fonde sur la nouvelle loi fédérale sur la protection des données (nLPD/revDSG) et, le cas échéant, sur le règlement général européen sur la protection des données (RGPD).</p>
<h2>Responsable du traitement</h2>
<p>Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Suisse. Pour toute question relative à la protection des données, écrivez-nous à <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>.</p>
<h2>Données traitées</h2>
<ul>
<li><strong>Données de compte et d’entreprise</strong> des prestataires et de leurs collaborateurs : nom, adresse e-mail, numéro de téléphone, adresse de facturation, numéro de TVA, langue et rôle.</li>
<li><strong>Données de réservation</strong> des acheteurs et participants : nom, coordonnées, billets réservés, statut de paiement et informations demandées par le prestataire.</li>
<li><strong>Données de paiement :</strong> les paiements sont traités par des prestataires de paiement. Bookla ne stocke pas les données complètes des cartes.</li>
<li><strong>Données d’utilisation et techniques</strong> telles que l’adresse IP, le type de navigateur, l’heure d’accès et les fichiers journaux.</li>
<li><strong>Données de communication</strong> lorsque vous nous contactez.</li>
</ul>
<h2>Finalités et bases juridiques</h2>
<p>Nous traitons les données pour fournir et facturer nos services, respecter nos obligations légales, comme la conservation des pièces comptables, garantir la sécurité de la plateforme et améliorer nos services. Nous n’envoyons de newsletter qu’avec votre consentement, révocable à tout moment. Lorsque le RGPD s’applique, nous nous fondons sur l’art. 6, par. 1, let. a, b, c et f RGPD.</p>
<h2>Données dans les boutiques des prestataires</h2>
<p>Lorsque vous réservez auprès d’un prestataire, celui-ci est responsable du traitement de vos données de réservation. Bookla les traite pour son compte en qualité de sous-traitant, sur la base d’un contrat de sous-traitance. Veuillez adresser vos demandes concernant une réservation directement au prestataire.</p>
<h2>Hébergement et communication à des tiers</h2>
<p>Nos serveurs et bases de données se trouvent dans des centres de données en Suisse. Nous ne communiquons des données que si cela est nécessaire, par exemple à des prestataires de paiement et services d’envoi d’e-mails soigneusement sélectionnés, ou aux autorités lorsque la loi nous y oblige. En cas de transfert vers un pays n’offrant pas un niveau de protection adéquat, nous prévoyons des garanties appropriées, en particulier les clauses contractuelles types de la Commission européenne. Nous ne vendons aucune donnée personnelle.</p>
<h2>Cookies</h2>
<p>Nous utilisons des cookies techniquement nécessaires, par exemple pour la connexion et la protection contre les requêtes falsifiées. Les cookies d’analyse ou de marketing ne sont utilisés qu’avec votre consentement.</p>
<h2>Conservation et sécurité</h2>
<p>Nous conservons les données personnelles aussi longtemps que nécessaire aux finalités indiquées ou que des obligations légales de conservation l’exigent ; les pièces comptables sont conservées dix ans conformément au Code des obligations. Vos données sont protégées par une transmission chiffrée (TLS), des droits d’accès basés sur les rôles et des sauvegardes régulières.</p>
<h2>Vos droits</h2>
<p>Dans les limites du droit applicable, vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation du traitement, de portabilité des données, d’opposition et de retrait de votre consentement. Adressez votre demande à <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a>. Vous pouvez également déposer une plainte auprès du Préposé fédéral à la protection des données et à la transparence (PFPDT) ou, si le RGPD s’applique, auprès d’une autorité de contrôle de votre pays de résidence.</p>
<h2>Modifications</h2>
<p>Nous pouvons adapter la présente déclaration à tout moment. La version publiée sur ce site web fait foi.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Imprint
// ---------------------------------------------------------------------------
const imprint: PageBody = {
  title: {
    de: 'Impressum',
    en: 'Imprint',
    fr: 'Mentions légales',
  },
  seo_desc: {
    de: 'Impressum der Bookla AG in Zürich, Betreiberin der Buchungsplattform Bookla für Kurse, Events und Tickets.',
    en: 'Imprint of Bookla AG in Zurich, operator of the Bookla booking platform for courses, events and tickets.',
    fr: 'Mentions légales de Bookla AG à Zurich, exploitante de la plateforme de réservation Bookla pour cours, événements et billets.',
  },
  seo_keywords: {
    de: 'Impressum, Bookla AG, Kontakt, Zürich, Handelsregister, Anbieterkennzeichnung',
    en: 'imprint, legal notice, Bookla AG, contact, Zurich, commercial register',
    fr: 'mentions légales, impressum, Bookla AG, contact, Zurich, registre du commerce',
  },
  content: {
    de: `<h2>Betreiberin</h2>
<p><strong>Bookla AG</strong></p>
<p>Bahnhofstrasse 10, 8001 Zürich, Schweiz</p>
<h2>Kontakt</h2>
<ul>
<li>Allgemeine Anfragen: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a></li>
<li>Support für Anbieter: <a href="mailto:support@bookla.ch">support@bookla.ch</a></li>
<li>Datenschutz: <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a></li>
</ul>
<h2>Angaben zum Unternehmen</h2>
<p>Rechtsform: Aktiengesellschaft nach Schweizer Recht. Sitz: Zürich. Handelsregister: Kanton Zürich. Die Gesellschaft wird durch ihren Verwaltungsrat vertreten.</p>
<h2>Verantwortlich für den Inhalt</h2>
<p>Verantwortlich für die Inhalte dieser Website ist die Bookla AG unter der oben genannten Adresse. Für die Inhalte der Shops, Kursbeschreibungen und Ticketangebote sind die jeweiligen Anbieter verantwortlich. Ihre Kontaktangaben finden Sie im jeweiligen Shop und in der Bestellbestätigung. Bookla ist nicht Veranstalterin der über die Plattform angebotenen Kurse und Events.</p>
<h2>Haftungsausschluss</h2>
<p>Wir stellen die Inhalte dieser Website mit grösster Sorgfalt zusammen, übernehmen jedoch keine Gewähr für deren Richtigkeit, Vollständigkeit und Aktualität. Haftungsansprüche wegen Schäden materieller oder immaterieller Art, die aus dem Zugriff auf die veröffentlichten Informationen, deren Nutzung oder Nichtnutzung, aus Missbrauch der Verbindung oder aus technischen Störungen entstehen, sind im gesetzlich zulässigen Umfang ausgeschlossen.</p>
<p>Wir behalten uns ausdrücklich vor, Teile der Website oder das gesamte Angebot ohne besondere Ankündigung zu verändern, zu ergänzen, zu löschen oder die Veröffentlichung zeitweise oder endgültig einzustellen.</p>
<h2>Haftung für Links</h2>
<p>Verweise und Links auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs. Der Zugriff und die Nutzung solcher Websites erfolgen auf eigene Gefahr der Nutzerin oder des Nutzers. Wir distanzieren uns ausdrücklich von allen Inhalten verlinkter Seiten, die rechtswidrig sind oder gegen die guten Sitten verstossen.</p>
<h2>Urheberrechte</h2>
<p>Die Urheber- und alle anderen Rechte an Inhalten, Bildern, Fotos und anderen Dateien auf dieser Website gehören ausschliesslich der Bookla AG oder den speziell genannten Rechteinhabern. Für die Reproduktion jeglicher Elemente ist die schriftliche Zustimmung der Rechteinhaber im Voraus einzuholen. Weitere Informationen finden Sie unter «Urheberrecht».</p>
<h2>Datenschutz</h2>
<p>Informationen zur Bearbeitung von Personendaten finden Sie in unserer Datenschutzerklärung.</p>`,
    en: `<h2>Operator</h2>
<p><strong>Bookla AG</strong></p>
<p>Bahnhofstrasse 10, 8001 Zürich, Switzerland</p>
<h2>Contact</h2>
<ul>
<li>General enquiries: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a></li>
<li>Support for providers: <a href="mailto:support@bookla.ch">support@bookla.ch</a></li>
<li>Data protection: <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a></li>
</ul>
<h2>Company information</h2>
<p>Legal form: company limited by shares (Aktiengesellschaft) under Swiss law. Registered office: Zurich. Commercial register: Canton of Zurich. The company is represented by its Board of Directors.</p>
<h2>Responsible for content</h2>
<p>Bookla AG, at the address above, is responsible for the content of this website. The respective providers are responsible for the content of their shops, course descriptions and ticket offers. You will find their contact details in the shop concerned and in your order confirmation. Bookla is not the organiser of the courses and events offered on the platform.</p>
<h2>Disclaimer</h2>
<p>We compile the content of this website with the greatest care but cannot guarantee that it is accurate, complete or up to date. To the extent permitted by law, we accept no liability for material or immaterial damage arising from access to or use or non-use of the published information, from misuse of the connection or from technical faults.</p>
<p>We expressly reserve the right to change, supplement or delete parts of the website or the entire offer, or to discontinue publication temporarily or permanently, without prior notice.</p>
<h2>Liability for links</h2>
<p>References and links to third-party websites are outside our area of responsibility. Access to and use of such websites is at the user's own risk. We expressly dissociate ourselves from any content on linked pages that is unlawful or offends public decency.</p>
<h2>Copyright</h2>
<p>The copyright and all other rights to content, images, photos and other files on this website belong exclusively to Bookla AG or to the specifically named rights holders. The written consent of the rights holders must be obtained in advance for the reproduction of any element. Further information can be found on the Copyright page.</p>
<h2>Data protection</h2>
<p>Information on how we process personal data can be found in our privacy policy.</p>`,
    fr: `<h2>Exploitante</h2>
<p><strong>Bookla AG</strong></p>
<p>Bahnhofstrasse 10, 8001 Zürich, Suisse</p>
<h2>Contact</h2>
<ul>
<li>Demandes générales : <a href="mailto:hello@bookla.ch">hello@bookla.ch</a></li>
<li>Support pour les prestataires : <a href="mailto:support@bookla.ch">support@bookla.ch</a></li>
<li>Protection des données : <a href="mailto:privacy@bookla.ch">privacy@bookla.ch</a></li>
</ul>
<h2>Informations sur l’entreprise</h2>
<p>Forme juridique : société anonyme de droit suisse. Siège : Zurich. Registre du commerce : canton de Zurich. La société est représentée par son conseil d’administration.</p>
<h2>Responsable du contenu</h2>
<p>Bookla AG, à l’adresse ci-dessus, est responsable du contenu de ce site web. Les prestataires sont responsables du contenu de leurs boutiques, descriptions de cours et offres de billets. Vous trouverez leurs coordonnées dans la boutique concernée et dans votre confirmation de commande. Bookla n’est pas l’organisatrice des cours et événements proposés sur la plateforme.</p>
<h2>Exclusion de responsabilité</h2>
<p>Nous élaborons le contenu de ce site avec le plus grand soin, mais ne pouvons garantir son exactitude, son exhaustivité ni son actualité. Dans la mesure permise par la loi, nous déclinons toute responsabilité pour les dommages matériels ou immatériels résultant de l’accès aux informations publiées, de leur utilisation ou non-utilisation, d’un usage abusif de la connexion ou de problèmes techniques.</p>
<p>Nous nous réservons expressément le droit de modifier, compléter ou supprimer tout ou partie du site, ou d’en suspendre la publication temporairement ou définitivement, sans préavis.</p>
<h2>Responsabilité pour les liens</h2>
<p>Les renvois et liens vers des sites de tiers ne relèvent pas de notre responsabilité. L’accès à ces sites et leur utilisation se font aux propres risques de l’utilisateur. Nous nous distançons expressément de tout contenu illicite ou contraire aux bonnes mœurs figurant sur des pages liées.</p>
<h2>Droits d’auteur</h2>
<p>Les droits d’auteur et tous les autres droits sur les contenus, images, photos et autres fichiers de ce site appartiennent exclusivement à Bookla AG ou aux titulaires expressément mentionnés. Toute reproduction d’un élément requiert l’accord écrit préalable des titulaires des droits. Plus d’informations sur la page « Droits d’auteur ».</p>
<h2>Protection des données</h2>
<p>Les informations relatives au traitement des données personnelles figurent dans notre déclaration de protection des données.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Service fees
// ---------------------------------------------------------------------------
const serviceFees: PageBody = {
  title: {
    de: 'Servicegebühren',
    en: 'Service Fees',
    fr: 'Frais de service',
  },
  seo_desc: {
    de: 'Transparente Servicegebühren von Bookla: Pay-As-You-Go mit 7,9 % + CHF 0.49 oder Business für CHF 139 pro Monat mit 3,9 % + CHF 0.49 pro Verkauf.',
    en: 'Transparent Bookla service fees: Pay-As-You-Go at 7.9% + CHF 0.49, or Business at CHF 139 per month with 3.9% + CHF 0.49 per sale.',
    fr: 'Frais de service transparents de Bookla : Pay-As-You-Go à 7,9 % + CHF 0.49 ou Business à CHF 139 par mois avec 3,9 % + CHF 0.49 par vente.',
  },
  seo_keywords: {
    de: 'Servicegebühren, Preise, Gebühren pro Verkauf, Pay-As-You-Go, Business, Ticketgebühren, Bookla',
    en: 'service fees, pricing, fees per sale, Pay-As-You-Go, Business, ticketing fees, Bookla',
    fr: 'frais de service, tarifs, frais par vente, Pay-As-You-Go, Business, frais de billetterie, Bookla',
  },
  content: {
    de: `<p>Bookla erhebt für jeden bezahlten Verkauf, der über die Plattform abgewickelt wird, eine Servicegebühr. Beide Tarife enthalten den vollen Funktionsumfang; sie unterscheiden sich nur in der monatlichen Grundgebühr und im prozentualen Anteil der Gebühr.</p>
<ul>
<li><strong>Pay-As-You-Go:</strong> CHF 0 pro Monat, 7,9 % + CHF 0.49 pro Verkauf</li>
<li><strong>Business:</strong> CHF 139 pro Monat, 3,9 % + CHF 0.49 pro Verkauf</li>
</ul>
<p>Alle Beträge verstehen sich exklusive Mehrwertsteuer. Für Anbieter mit Sitz in der Schweiz oder in Liechtenstein wird die MWST zum geltenden Satz hinzugerechnet.</p>
<h2>Was als Verkauf gilt</h2>
<p>Ein Verkauf ist eine bezahlte Bestellung in Ihrem Shop oder in einer Einbettung, unabhängig davon, wie viele Tickets, Termine oder Zusatzprodukte sie enthält. Der Prozentsatz wird auf dem Gesamtbetrag berechnet, den der Käufer bezahlt, inklusive Zusatzprodukte und nach Abzug von Rabatten. Kostenlose Anmeldungen und Bestellungen mit einem Total von CHF 0 sind gebührenfrei.</p>
<h2>Beispiel</h2>
<p>Bei einer Bestellung über CHF 100 beträgt die Gebühr im Tarif Pay-As-You-Go CHF 7.90 + CHF 0.49 = CHF 8.39, im Tarif Business CHF 3.90 + CHF 0.49 = CHF 4.39. Ab einem Umsatz von rund CHF 3500 pro Monat ist der Tarif Business günstiger.</p>
<h2>Wer die Gebühren trägt</h2>
<p>Die Servicegebühren schuldet der Anbieter. Er kann sie ganz oder teilweise an seine Käufer weitergeben, indem er sie in den Ticketpreis einrechnet oder als Buchungsgebühr ausweist. In diesem Fall muss der Anbieter gemäss Preisbekanntgabeverordnung sicherstellen, dass Käufer vor der Buchung den Gesamtpreis inklusive aller Zuschläge sehen.</p>
<h2>Wann die Gebühren anfallen</h2>
<p>Die Gebühr entsteht, sobald eine Bestellung erfolgreich bezahlt wurde. Bookla stellt die Gebühren eines Kalendermonats, im Tarif Business zusammen mit der Grundgebühr, zu Beginn des Folgemonats in Rechnung. Die Rechnung listet alle Bestellungen einzeln auf und ist im Backoffice jederzeit einsehbar.</p>
<h2>Rückerstattungen und Stornierungen</h2>
<p>Wird eine Bestellung ganz oder teilweise zurückerstattet, wird der prozentuale Anteil der Gebühr im Verhältnis zum zurückerstatteten Betrag gutgeschrieben und mit der nächsten Rechnung verrechnet. Der fixe Anteil von CHF 0.49 pro Verkauf wird nicht zurückerstattet, da die Transaktion bereits abgewickelt wurde. Beispiel: Wird eine Bestellung über CHF 100 im Tarif Pay-As-You-Go vollständig zurückerstattet, erhalten Sie CHF 7.90 gutgeschrieben; CHF 0.49 bleiben geschuldet. Bestellungen, die vor der Zahlung abgebrochen werden, ablaufen oder abgelehnt werden, sind gebührenfrei.</p>
<h2>Tarifwechsel</h2>
<p>Sie können jederzeit zwischen den Tarifen wechseln. Der neue Prozentsatz gilt für Verkäufe ab dem Zeitpunkt des Wechsels; die Grundgebühr des Tarifs Business wird anteilsmässig berechnet.</p>
<h2>Nicht enthalten</h2>
<p>Gebühren von Zahlungsdienstleistern, Banken und anderen Dritten sind nicht Teil der Servicegebühren. Details finden Sie auf der Seite «Fremdgebühren».</p>
<p>Fragen zu den Gebühren beantworten wir gerne unter <a href="mailto:support@bookla.ch">support@bookla.ch</a>.</p>`,
    en: `<p>Bookla charges a service fee for every paid sale processed through the platform. Both tiers include the full range of features; they differ only in the monthly subscription fee and the percentage part of the fee.</p>
<ul>
<li><strong>Pay-As-You-Go:</strong> CHF 0 per month, 7.9% + CHF 0.49 per sale</li>
<li><strong>Business:</strong> CHF 139 per month, 3.9% + CHF 0.49 per sale</li>
</ul>
<p>All amounts exclude VAT. For providers based in Switzerland or Liechtenstein, VAT is added at the applicable rate.</p>
<h2>What counts as a sale</h2>
<p>A sale is a paid order placed in your shop or in an embed, regardless of how many tickets, dates or additional products it contains. The percentage is calculated on the total amount paid by the buyer, including additional products and after deduction of discounts. Free registrations and orders with a total of CHF 0 are free of charge.</p>
<h2>Example</h2>
<p>For an order of CHF 100, the fee is CHF 7.90 + CHF 0.49 = CHF 8.39 on the Pay-As-You-Go tier and CHF 3.90 + CHF 0.49 = CHF 4.39 on the Business tier. From around CHF 3,500 in sales per month, the Business tier is the cheaper option.</p>
<h2>Who pays the fees</h2>
<p>The service fees are owed by the provider. The provider may pass them on to buyers in full or in part, either by including them in the ticket price or by showing them as a booking fee. In that case, the provider must ensure, in accordance with the Swiss Price Indication Ordinance, that buyers see the total price including all charges before they book.</p>
<h2>When fees are charged</h2>
<p>The fee is incurred as soon as an order has been successfully paid. Bookla invoices the fees for each calendar month, together with the Business subscription fee where applicable, at the beginning of the following month. The invoice lists every order individually and can be viewed in the back office at any time.</p>
<h2>Refunds and cancellations</h2>
<p>If an order is refunded in full or in part, the percentage part of the fee is credited in proportion to the refunded amount and offset against the next invoice. The fixed part of CHF 0.49 per sale is not refunded, as the transaction has already been processed. Example: if a CHF 100 order on the Pay-As-You-Go tier is refunded in full, you are credited CHF 7.90 and CHF 0.49 remains due. Orders that are abandoned before payment, expire or are declined incur no fee.</p>
<h2>Changing tiers</h2>
<p>You can switch between tiers at any time. The new percentage applies to sales from the time of the change; the Business subscription fee is charged pro rata.</p>
<h2>Not included</h2>
<p>Fees charged by payment service providers, banks and other third parties are not part of the service fees. Details can be found on the Outside Fees page.</p>
<p>If you have any questions about fees, please contact us at <a href="mailto:support@bookla.ch">support@bookla.ch</a>.</p>`,
    fr: `<p>Bookla perçoit des frais de service sur chaque vente payée traitée via la plateforme. Les deux formules comprennent l’ensemble des fonctionnalités ; elles ne diffèrent que par l’abonnement mensuel et la part en pourcentage des frais.</p>
<ul>
<li><strong>Pay-As-You-Go :</strong> CHF 0 par mois, 7,9 % + CHF 0.49 par vente</li>
<li><strong>Business :</strong> CHF 139 par mois, 3,9 % + CHF 0.49 par vente</li>
</ul>
<p>Tous les montants s’entendent hors TVA. Pour les prestataires établis en Suisse ou au Liechtenstein, la TVA est ajoutée au taux en vigueur.</p>
<h2>Ce qui constitue une vente</h2>
<p>Une vente est une commande payée passée dans votre boutique ou via une intégration, quel que soit le nombre de billets, de dates ou de produits supplémentaires qu’elle contient. Le pourcentage est calculé sur le montant total payé par l’acheteur, produits supplémentaires compris et après déduction des rabais. Les inscriptions gratuites et les commandes d’un total de CHF 0 ne sont soumises à aucun frais.</p>
<h2>Exemple</h2>
<p>Pour une commande de CHF 100, les frais s’élèvent à CHF 7.90 + CHF 0.49 = CHF 8.39 avec la formule Pay-As-You-Go et à CHF 3.90 + CHF 0.49 = CHF 4.39 avec la formule Business. À partir d’environ CHF 3500 de ventes par mois, la formule Business est la plus avantageuse.</p>
<h2>Qui paie les frais</h2>
<p>Les frais de service sont dus par le prestataire. Celui-ci peut les répercuter en tout ou partie sur les acheteurs, en les intégrant au prix du billet ou en les affichant comme frais de réservation. Dans ce cas, il doit veiller, conformément à l’ordonnance sur l’indication des prix, à ce que les acheteurs voient le prix total, suppléments compris, avant de réserver.</p>
<h2>Quand les frais sont facturés</h2>
<p>Les frais naissent dès qu’une commande a été payée avec succès. Bookla facture les frais de chaque mois civil au début du mois suivant, avec l’abonnement mensuel pour la formule Business. La facture détaille chaque commande et peut être consultée à tout moment dans le back-office.</p>
<h2>Remboursements et annulations</h2>
<p>Si une commande est remboursée en tout ou en partie, la part en pourcentage des frais est créditée proportionnellement au montant remboursé et déduite de la facture suivante. La part fixe de CHF 0.49 par vente n’est pas remboursée, la transaction ayant déjà été traitée. Exemple : si une commande de CHF 100 passée avec la formule Pay-As-You-Go est entièrement remboursée, vous recevez un crédit de CHF 7.90 et CHF 0.49 restent dus. Les commandes interrompues avant le paiement, expirées ou refusées ne génèrent aucun frais.</p>
<h2>Changement de formule</h2>
<p>Vous pouvez changer de formule à tout moment. Le nouveau pourcentage s’applique aux ventes réalisées à partir du changement ; l’abonnement Business est facturé au prorata.</p>
<h2>Non compris</h2>
<p>Les frais des prestataires de paiement, des banques et d’autres tiers ne font pas partie des frais de service. Vous trouverez les détails sur la page « Frais de tiers ».</p>
<p>Pour toute question sur les frais, écrivez-nous à <a href="mailto:support@bookla.ch">support@bookla.ch</a>.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Outside (third-party) fees
// ---------------------------------------------------------------------------
const outsideFees: PageBody = {
  title: {
    de: 'Fremdgebühren',
    en: 'Outside Fees',
    fr: 'Frais de tiers',
  },
  seo_desc: {
    de: 'Welche Gebühren Dritter wie Zahlungsdienstleister, Banken und Währungsumrechnung neben den Bookla-Servicegebühren anfallen können.',
    en: 'Which third-party fees, such as payment provider, bank and currency conversion fees, may apply in addition to Bookla service fees.',
    fr: 'Quels frais de tiers, comme ceux des prestataires de paiement, des banques et de conversion de devises, peuvent s’ajouter aux frais de service Bookla.',
  },
  seo_keywords: {
    de: 'Fremdgebühren, Zahlungsgebühren, Kartengebühren, TWINT, Bankgebühren, Währungsumrechnung, Bookla',
    en: 'outside fees, third-party fees, payment fees, card fees, TWINT, bank fees, currency conversion, Bookla',
    fr: 'frais de tiers, frais de paiement, frais de carte, TWINT, frais bancaires, conversion de devises, Bookla',
  },
  content: {
    de: `<p>Neben den Servicegebühren von Bookla können Kosten entstehen, die von Dritten erhoben werden. Bookla hat keinen Einfluss auf diese Gebühren, stellt sie nicht in Rechnung und erhält keinen Anteil daran. Diese Seite gibt einen Überblick über die häufigsten Fremdgebühren.</p>
<h2>Gebühren des Zahlungsdienstleisters</h2>
<p>Online-Zahlungen in Ihrem Bookla-Shop werden über einen externen Zahlungsdienstleister abgewickelt, den Sie mit Ihrem Konto verbinden. Dieser erhebt für jede Transaktion eigene Gebühren, meist einen Prozentsatz des Betrags und/oder einen fixen Betrag pro Transaktion. Die Höhe hängt vom Zahlungsmittel (z. B. Kredit- und Debitkarten, TWINT, Apple Pay oder Google Pay), von der Herkunft der Karte (Inland oder Ausland, Privat- oder Firmenkarte) und von Ihrem Vertrag mit dem Zahlungsdienstleister ab. Diese Gebühren werden direkt vom Zahlungsdienstleister abgezogen oder Ihnen in Rechnung gestellt und sind in seinen Abrechnungen ersichtlich.</p>
<p>Manche Zahlungsdienstleister erstatten ihre Transaktionsgebühren bei einer Rückerstattung nicht zurück. Bei Rückbuchungen (sogenannten Chargebacks, also von Karteninhabern angefochtenen Zahlungen) kann zudem eine zusätzliche Bearbeitungsgebühr anfallen.</p>
<h2>Bankgebühren</h2>
<p>Ihre Bank kann Gebühren für den Empfang von Auszahlungen erheben, insbesondere bei Überweisungen aus dem Ausland oder in Fremdwährung. Auch Kontoführungsgebühren richten sich nach Ihrer Vereinbarung mit Ihrer Bank.</p>
<h2>Währungsumrechnung</h2>
<p>Verkaufen Sie in einer anderen Währung als jener Ihres Bankkontos oder bezahlen Käufer mit einer Karte in einer anderen Währung, können der Zahlungsdienstleister, die Kartenherausgeberin oder die Bank Umrechnungsgebühren und Wechselkursmargen verrechnen. Käufern können ausserdem von ihrer Kartenherausgeberin Auslandeinsatzgebühren belastet werden; darauf haben weder der Anbieter noch Bookla Einfluss.</p>
<h2>Weitere Dienste Dritter</h2>
<p>Nutzen Sie zusammen mit Bookla externe Dienste, etwa eine Buchhaltungssoftware, eine eigene Domain, einen Website-Baukasten oder ein E-Mail-Marketing-Tool, richten sich deren Kosten nach den Bedingungen des jeweiligen Anbieters.</p>
<h2>Unsere Tipps</h2>
<ul>
<li>Vergleichen Sie die Konditionen verschiedener Zahlungsdienstleister, bevor Sie ein Konto verbinden.</li>
<li>Berücksichtigen Sie Fremdgebühren bei der Kalkulation Ihrer Ticketpreise.</li>
<li>Bewahren Sie die Abrechnungen Ihres Zahlungsdienstleisters für Ihre Buchhaltung auf.</li>
</ul>
<p>Bei Fragen zu den Gebühren von Bookla erreichen Sie uns unter <a href="mailto:support@bookla.ch">support@bookla.ch</a>. Für Fragen zu einzelnen Transaktionsgebühren wenden Sie sich bitte direkt an Ihren Zahlungsdienstleister oder Ihre Bank.</p>`,
    en: `<p>In addition to Bookla's service fees, costs may arise that are charged by third parties. Bookla has no influence on these fees, does not charge them and does not receive any share of them. This page gives an overview of the most common outside fees.</p>
<h2>Payment service provider fees</h2>
<p>Online payments in your Bookla shop are processed by an external payment service provider that you connect to your account. It charges its own fees for each transaction, usually a percentage of the amount and/or a fixed amount per transaction. The amount depends on the payment method (e.g. credit and debit cards, TWINT, Apple Pay or Google Pay), the origin of the card (domestic or foreign, personal or corporate card) and your contract with the payment service provider. These fees are deducted directly by the payment service provider or invoiced to you, and are shown in its statements.</p>
<p>Some payment service providers do not return their transaction fees when a payment is refunded. Chargebacks, i.e. payments disputed by the cardholder, may also incur an additional handling fee.</p>
<h2>Bank fees</h2>
<p>Your bank may charge fees for receiving payouts, in particular for transfers from abroad or in a foreign currency. Account maintenance fees are likewise governed by your agreement with your bank.</p>
<h2>Currency conversion</h2>
<p>If you sell in a currency other than that of your bank account, or if buyers pay with a card in a different currency, the payment service provider, the card issuer or the bank may apply conversion fees and exchange rate margins. Buyers may also be charged foreign transaction fees by their card issuer; neither the provider nor Bookla has any influence on these.</p>
<h2>Other third-party services</h2>
<p>If you use external services together with Bookla, such as accounting software, your own domain, a website builder or an email marketing tool, their costs are governed by the terms of the respective provider.</p>
<h2>Our tips</h2>
<ul>
<li>Compare the conditions of different payment service providers before connecting an account.</li>
<li>Take outside fees into account when calculating your ticket prices.</li>
<li>Keep the statements from your payment service provider for your accounting.</li>
</ul>
<p>If you have questions about Bookla's fees, contact us at <a href="mailto:support@bookla.ch">support@bookla.ch</a>. For questions about individual transaction fees, please contact your payment service provider or bank directly.</p>`,
    fr: `<p>Outre les frais de service de Bookla, des coûts facturés par des tiers peuvent survenir. Bookla n’a aucune influence sur ces frais, ne les facture pas et n’en perçoit aucune part. Cette page présente les frais de tiers les plus courants.</p>
<h2>Frais du prestataire de paiement</h2>
<p>Les paiements en ligne dans votre boutique Bookla sont traités par un prestataire de paiement externe que vous connectez à votre compte. Celui-ci prélève ses propres frais sur chaque transaction, généralement un pourcentage du montant et/ou un montant fixe par transaction. Leur niveau dépend du moyen de paiement (p. ex. cartes de crédit et de débit, TWINT, Apple Pay ou Google Pay), de l’origine de la carte (suisse ou étrangère, privée ou d’entreprise) et de votre contrat avec le prestataire de paiement. Ces frais sont déduits directement par le prestataire de paiement ou vous sont facturés, et figurent sur ses décomptes.</p>
<p>Certains prestataires de paiement ne restituent pas leurs frais de transaction en cas de remboursement. Les rétrofacturations (chargebacks), c’est-à-dire les paiements contestés par le titulaire de la carte, peuvent en outre entraîner des frais de traitement supplémentaires.</p>
<h2>Frais bancaires</h2>
<p>Votre banque peut prélever des frais pour la réception des versements, notamment pour les virements en provenance de l’étranger ou en devises étrangères. Les frais de tenue de compte dépendent également de votre convention avec votre banque.</p>
<h2>Conversion de devises</h2>
<p>Si vous vendez dans une autre devise que celle de votre compte bancaire, ou si des acheteurs paient avec une carte libellée dans une autre devise, le prestataire de paiement, l’émetteur de la carte ou la banque peuvent appliquer des frais de conversion et des marges de change. Les acheteurs peuvent aussi se voir facturer des frais d’utilisation à l’étranger par l’émetteur de leur carte ; ni le prestataire ni Bookla n’ont d’influence sur ces frais.</p>
<h2>Autres services de tiers</h2>
<p>Si vous utilisez des services externes avec Bookla, comme un logiciel de comptabilité, votre propre nom de domaine, un outil de création de site web ou un outil d’e-mail marketing, leurs coûts sont régis par les conditions du fournisseur concerné.</p>
<h2>Nos conseils</h2>
<ul>
<li>Comparez les conditions de plusieurs prestataires de paiement avant de connecter un compte.</li>
<li>Tenez compte des frais de tiers lors du calcul de vos prix de billets.</li>
<li>Conservez les décomptes de votre prestataire de paiement pour votre comptabilité.</li>
</ul>
<p>Pour toute question sur les frais de Bookla, écrivez-nous à <a href="mailto:support@bookla.ch">support@bookla.ch</a>. Pour les questions relatives à des frais de transaction particuliers, adressez-vous directement à votre prestataire de paiement ou à votre banque.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Extenuating circumstances policy
// ---------------------------------------------------------------------------
const extenuatingCircumstances: PageBody = {
  title: {
    de: 'Richtlinie zu ausserordentlichen Umständen',
    en: 'Extenuating Circumstances Policy',
    fr: 'Politique en cas de circonstances exceptionnelles',
  },
  seo_desc: {
    de: 'Was gilt, wenn ein Kurs oder Event wegen höherer Gewalt, Krankheit der Kursleitung oder behördlicher Anordnungen nicht stattfinden kann.',
    en: 'What applies when a course or event cannot take place due to force majeure, illness of the instructor or official orders.',
    fr: 'Ce qui s’applique lorsqu’un cours ou un événement ne peut avoir lieu en raison d’un cas de force majeure, d’une maladie de l’animateur ou d’une décision des autorités.',
  },
  seo_keywords: {
    de: 'Absage, höhere Gewalt, Krankheit, Verschiebung, Rückerstattung, Annullierung, Kurs, Event, Bookla',
    en: 'cancellation, force majeure, illness, postponement, refund, course, event, Bookla',
    fr: 'annulation, force majeure, maladie, report, remboursement, cours, événement, Bookla',
  },
  content: {
    de: `<p>Manchmal kann ein Kurs oder Event nicht wie geplant stattfinden. Diese Richtlinie erklärt, wie solche Fälle behandelt werden, wenn Tickets über Bookla verkauft wurden.</p>
<h2>Was als ausserordentlicher Umstand gilt</h2>
<p>Ausserordentliche Umstände sind unvorhersehbare Ereignisse, die ausserhalb der zumutbaren Kontrolle des Anbieters liegen, insbesondere:</p>
<ul>
<li>höhere Gewalt wie Naturereignisse, Unwetter, Brand oder Stromausfall</li>
<li>behördliche Anordnungen, etwa Veranstaltungsverbote oder Massnahmen zum Schutz der öffentlichen Gesundheit</li>
<li>plötzliche Krankheit, Unfall oder Todesfall der Kursleitung oder der referierenden Person, wenn kein Ersatz gefunden werden kann</li>
<li>Nichtverfügbarkeit des Veranstaltungsorts aus Gründen, die der Anbieter nicht zu vertreten hat</li>
<li>Unterbrüche im öffentlichen Verkehr oder Reisebeschränkungen, welche die Durchführung verunmöglichen</li>
</ul>
<h2>Verantwortung des Anbieters</h2>
<p>Der Vertrag über einen Kurs oder ein Event kommt zwischen dem Käufer und dem Anbieter zustande. Der Anbieter ist deshalb dafür verantwortlich, Absagen und Verschiebungen gegenüber seinen Käufern abzuwickeln. Kann eine Aktivität nicht stattfinden, informiert er die Käufer unverzüglich, zum Beispiel über die Teilnehmerkommunikation im Bookla-Backoffice, und teilt ihnen mit, welche Möglichkeiten bestehen.</p>
<h2>Rückerstattungen und Alternativen</h2>
<ul>
<li><strong>Absage:</strong> Sagt der Anbieter eine Aktivität ab, haben Käufer grundsätzlich Anspruch auf die vollständige Rückerstattung des bezahlten Preises, sofern die Bedingungen des Anbieters oder zwingendes Recht nichts anderes vorsehen.</li>
<li><strong>Verschiebung:</strong> Der Anbieter kann einen Ersatztermin anbieten. Käufern, die den neuen Termin nicht wahrnehmen können, soll eine Rückerstattung angeboten werden.</li>
<li><strong>Teilweise Durchführung:</strong> Kann nur ein Teil eines Kurses stattfinden, erstattet der Anbieter den nicht durchgeführten Teil anteilsmässig zurück oder bietet Ersatzlektionen an.</li>
</ul>
<p>Rückerstattungen löst der Anbieter im Backoffice aus; der Betrag wird auf das ursprüngliche Zahlungsmittel zurückerstattet. Wir empfehlen, Rückerstattungen innert 14 Tagen nach der Absage zu veranlassen.</p>
<h2>Wenn der Käufer verhindert ist</h2>
<p>Kann ein Käufer wegen Krankheit oder aus anderen persönlichen Gründen nicht teilnehmen, gelten die Annullierungsbedingungen des Anbieters. Wir empfehlen Anbietern, klare Regeln zu veröffentlichen, etwa die Möglichkeit, das Ticket auf eine andere Person zu übertragen, oder eine Rückerstattung gegen Arztzeugnis. Mit der Warteliste lassen sich frei gewordene Plätze einfach neu vergeben.</p>
<h2>Die Rolle von Bookla</h2>
<p>Bookla stellt die technische Plattform zur Verfügung und ist nicht Veranstalterin. Bookla entscheidet nicht über Rückerstattungsansprüche und nimmt selbst keine Rückerstattungen vor, unterstützt Anbieter aber mit Werkzeugen, um Teilnehmende zu informieren, Termine zu verschieben und Bestellungen zurückzuerstatten. Für die Servicegebühren bei zurückerstatteten Bestellungen gilt die Seite «Servicegebühren».</p>
<p>Käufer richten ihre Anliegen bitte direkt an den Anbieter; dessen Kontaktangaben stehen in der Bestellbestätigung. Reagiert ein Anbieter nicht, können sich Käufer an <a href="mailto:support@bookla.ch">support@bookla.ch</a> wenden. Wir versuchen dann, den Kontakt herzustellen.</p>`,
    en: `<p>Sometimes a course or event cannot take place as planned. This policy explains how such cases are handled when tickets have been sold through Bookla.</p>
<h2>What counts as extenuating circumstances</h2>
<p>Extenuating circumstances are unforeseeable events beyond the reasonable control of the provider, in particular:</p>
<ul>
<li>force majeure such as natural disasters, severe weather, fire or power outages</li>
<li>official orders, for example bans on events or public health measures</li>
<li>sudden illness, accident or death of the instructor or speaker, if no replacement can be found</li>
<li>unavailability of the venue for reasons for which the provider is not responsible</li>
<li>disruption of public transport or travel restrictions that make the activity impossible</li>
</ul>
<h2>Responsibility of the provider</h2>
<p>The contract for a course or event is concluded between the buyer and the provider. The provider is therefore responsible for handling cancellations and postponements towards its buyers. If an activity cannot take place, the provider informs the buyers without delay, for example via participant messaging in the Bookla back office, and tells them what options are available.</p>
<h2>Refunds and alternatives</h2>
<ul>
<li><strong>Cancellation:</strong> If the provider cancels an activity, buyers are generally entitled to a full refund of the price paid, unless the provider's terms or mandatory law provide otherwise.</li>
<li><strong>Postponement:</strong> The provider may offer a new date. Buyers who cannot attend the new date should be offered a refund.</li>
<li><strong>Partial delivery:</strong> If only part of a course can be held, the provider refunds the part not held on a pro rata basis or offers make-up sessions.</li>
</ul>
<p>Refunds are initiated by the provider in the back office, and the amount is returned to the original payment method. We recommend issuing refunds within 14 days of the cancellation.</p>
<h2>If the buyer cannot attend</h2>
<p>If a buyer cannot attend because of illness or other personal reasons, the provider's cancellation terms apply. We recommend that providers publish clear rules, for example the option to transfer the ticket to another person, or a refund on presentation of a medical certificate. The waiting list makes it easy to reallocate places that become free.</p>
<h2>The role of Bookla</h2>
<p>Bookla provides the technical platform and is not the organiser. Bookla does not decide on refund claims and does not make refunds itself, but it supports providers with tools to inform participants, move dates and refund orders. The Service Fees page governs Bookla's fees on refunded orders.</p>
<p>Buyers should direct their requests to the provider, whose contact details are in the order confirmation. If a provider does not respond, buyers can contact <a href="mailto:support@bookla.ch">support@bookla.ch</a> and we will try to establish contact.</p>`,
    fr: `<p>Il arrive qu’un cours ou un événement ne puisse pas avoir lieu comme prévu. Cette politique explique comment ces situations sont traitées lorsque des billets ont été vendus via Bookla.</p>
<h2>Ce qui constitue une circonstance exceptionnelle</h2>
<p>Les circonstances exceptionnelles sont des événements imprévisibles échappant au contrôle raisonnable du prestataire, notamment :</p>
<ul>
<li>la force majeure, comme les catastrophes naturelles, les intempéries, un incendie ou une panne de courant</li>
<li>les décisions des autorités, par exemple une interdiction de manifestations ou des mesures de santé publique</li>
<li>la maladie soudaine, l’accident ou le décès de l’animateur ou de l’intervenant, lorsqu’aucun remplaçant ne peut être trouvé</li>
<li>l’indisponibilité du lieu pour des raisons non imputables au prestataire</li>
<li>des perturbations des transports publics ou des restrictions de voyage rendant l’activité impossible</li>
</ul>
<h2>Responsabilité du prestataire</h2>
<p>Le contrat portant sur un cours ou un événement est conclu entre l’acheteur et le prestataire. C’est donc au prestataire qu’il incombe de gérer les annulations et les reports envers ses acheteurs. Si une activité ne peut pas avoir lieu, il en informe les acheteurs sans délai, par exemple via la communication aux participants dans le back-office Bookla, et leur indique les options possibles.</p>
<h2>Remboursements et alternatives</h2>
<ul>
<li><strong>Annulation :</strong> si le prestataire annule une activité, les acheteurs ont en principe droit au remboursement intégral du prix payé, sauf disposition contraire des conditions du prestataire ou du droit impératif.</li>
<li><strong>Report :</strong> le prestataire peut proposer une nouvelle date. Un remboursement doit être proposé aux acheteurs qui ne peuvent pas y assister.</li>
<li><strong>Exécution partielle :</strong> si seule une partie d’un cours peut avoir lieu, le prestataire rembourse la partie non donnée au prorata ou propose des séances de rattrapage.</li>
</ul>
<p>Les remboursements sont déclenchés par le prestataire dans le back-office et le montant est restitué sur le moyen de paiement d’origine. Nous recommandons d’effectuer les remboursements dans les 14 jours suivant l’annulation.</p>
<h2>Si l’acheteur est empêché</h2>
<p>Si un acheteur ne peut pas participer pour cause de maladie ou pour d’autres raisons personnelles, les conditions d’annulation du prestataire s’appliquent. Nous recommandons aux prestataires de publier des règles claires, par exemple la possibilité de céder le billet à une autre personne ou un remboursement sur présentation d’un certificat médical. La liste d’attente permet de réattribuer facilement les places libérées.</p>
<h2>Le rôle de Bookla</h2>
<p>Bookla fournit la plateforme technique et n’est pas l’organisatrice. Bookla ne se prononce pas sur les demandes de remboursement et n’effectue elle-même aucun remboursement, mais met à la disposition des prestataires des outils pour informer les participants, déplacer des dates et rembourser des commandes. Les frais de service sur les commandes remboursées sont régis par la page « Frais de service ».</p>
<p>Les acheteurs adressent leurs demandes directement au prestataire, dont les coordonnées figurent dans la confirmation de commande. Si un prestataire ne répond pas, ils peuvent écrire à <a href="mailto:support@bookla.ch">support@bookla.ch</a> et nous tenterons d’établir le contact.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Copyright
// ---------------------------------------------------------------------------
const copyright: PageBody = {
  title: {
    de: 'Urheberrecht',
    en: 'Copyright',
    fr: 'Droits d’auteur',
  },
  seo_desc: {
    de: 'Hinweise zum Urheberrecht und zu den Marken der Bookla AG sowie zu den Inhalten der Anbieter auf der Plattform Bookla.',
    en: 'Information on the copyright and trademarks of Bookla AG and on provider content published on the Bookla platform.',
    fr: 'Informations sur les droits d’auteur et les marques de Bookla AG ainsi que sur les contenus des prestataires publiés sur la plateforme Bookla.',
  },
  seo_keywords: {
    de: 'Urheberrecht, Copyright, Marke, Nutzungsrechte, URG, Bookla AG',
    en: 'copyright, trademarks, intellectual property, usage rights, Copyright Act, Bookla AG',
    fr: 'droits d’auteur, copyright, marque, propriété intellectuelle, LDA, Bookla AG',
  },
  content: {
    de: `<p>Sämtliche Inhalte der Website und der Plattform Bookla, darunter Texte, Grafiken, Logos, Icons, Bilder, Videos, Layout und Software, sind durch das Urheberrecht und weitere Immaterialgüterrechte geschützt. Soweit nicht anders angegeben, stehen die Rechte der Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz, zu.</p>
<h2>Nutzung der Inhalte</h2>
<p>Die Inhalte dürfen für persönliche, nicht kommerzielle Zwecke angesehen und ausgedruckt werden. Jede darüber hinausgehende Vervielfältigung, Verbreitung, Bearbeitung, öffentliche Wiedergabe oder sonstige Verwendung, ganz oder teilweise, bedarf der vorgängigen schriftlichen Zustimmung der Bookla AG. Es gilt das Bundesgesetz über das Urheberrecht und verwandte Schutzrechte (URG).</p>
<h2>Marken</h2>
<p>Der Name «Bookla» und das Bookla-Logo sind Kennzeichen der Bookla AG. Sie dürfen ohne Zustimmung nicht verwendet werden, insbesondere nicht in einer Weise, die eine Verbindung zu Bookla oder eine Empfehlung durch Bookla nahelegt. Medienschaffende und Partner, die das Logo verwenden möchten, erhalten es auf Anfrage unter <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Inhalte der Anbieter</h2>
<p>Texte, Bilder, Logos und andere Inhalte, die Kurs- und Eventanbieter in ihren Shops veröffentlichen, bleiben Eigentum des jeweiligen Anbieters oder seiner Lizenzgeber. Der Anbieter ist dafür verantwortlich, über die nötigen Rechte zu verfügen. Für den Betrieb der Plattform räumt er Bookla für die Dauer des Vertrags eine einfache, unentgeltliche Lizenz ein, diese Inhalte zu speichern, anzuzeigen und technisch anzupassen, etwa durch das Verkleinern von Bildern.</p>
<h2>Inhalte Dritter und Open Source</h2>
<p>Einzelne Bilder und Icons werden mit Lizenz von Dritten verwendet. Die Software von Bookla enthält Open-Source-Komponenten, die den jeweiligen Lizenzbedingungen unterstehen.</p>
<h2>Rechtsverletzungen melden</h2>
<p>Sind Sie der Ansicht, dass Inhalte auf Bookla Ihre Rechte verletzen, senden Sie uns bitte eine Beschreibung mit dem betreffenden Link an <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>. Wir prüfen die Meldung und entfernen oder sperren die Inhalte bei berechtigten Beanstandungen umgehend.</p>
<p>© Bookla AG. Alle Rechte vorbehalten.</p>`,
    en: `<p>All content on the Bookla website and platform, including texts, graphics, logos, icons, images, videos, layout and software, is protected by copyright and other intellectual property rights. Unless otherwise stated, the rights belong to Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland.</p>
<h2>Use of content</h2>
<p>The content may be viewed and printed for personal, non-commercial purposes. Any further reproduction, distribution, modification, public display or other use, in whole or in part, requires the prior written consent of Bookla AG. The Swiss Federal Act on Copyright and Related Rights (Copyright Act, URG) applies.</p>
<h2>Trademarks</h2>
<p>The name "Bookla" and the Bookla logo are distinctive signs of Bookla AG. They may not be used without consent, in particular not in a way that suggests an affiliation with or endorsement by Bookla. Journalists and partners who wish to use the logo can request it from <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Provider content</h2>
<p>Texts, images, logos and other content published by course and event providers in their shops remain the property of the respective provider or its licensors. The provider is responsible for holding the necessary rights. To operate the platform, the provider grants Bookla a non-exclusive, royalty-free licence for the duration of the contract to store, display and technically adapt this content, for example by resizing images.</p>
<h2>Third-party content and open source</h2>
<p>Some images and icons are used under licence from third parties. The Bookla software contains open source components that are subject to their respective licence terms.</p>
<h2>Reporting infringements</h2>
<p>If you believe that content on Bookla infringes your rights, please send us a description with the relevant link to <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>. We will review your report and, if the complaint is justified, promptly remove or block the content.</p>
<p>© Bookla AG. All rights reserved.</p>`,
    fr: `<p>L’ensemble des contenus du site web et de la plateforme Bookla, notamment les textes, graphiques, logos, icônes, images, vidéos, la mise en page et le logiciel, est protégé par le droit d’auteur et d’autres droits de propriété intellectuelle. Sauf mention contraire, les droits appartiennent à Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Suisse.</p>
<h2>Utilisation des contenus</h2>
<p>Les contenus peuvent être consultés et imprimés à des fins personnelles et non commerciales. Toute autre reproduction, diffusion, modification, communication au public ou utilisation, en tout ou en partie, requiert l’accord écrit préalable de Bookla AG. La loi fédérale sur le droit d’auteur et les droits voisins (LDA) s’applique.</p>
<h2>Marques</h2>
<p>Le nom « Bookla » et le logo Bookla sont des signes distinctifs de Bookla AG. Ils ne peuvent être utilisés sans autorisation, en particulier d’une manière suggérant un lien avec Bookla ou une recommandation de sa part. Les journalistes et partenaires souhaitant utiliser le logo peuvent le demander à <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Contenus des prestataires</h2>
<p>Les textes, images, logos et autres contenus publiés par les prestataires de cours et d’événements dans leurs boutiques restent la propriété du prestataire concerné ou de ses concédants. Le prestataire est responsable de disposer des droits nécessaires. Pour l’exploitation de la plateforme, il accorde à Bookla, pour la durée du contrat, une licence non exclusive et gratuite lui permettant de stocker, d’afficher et d’adapter techniquement ces contenus, par exemple en redimensionnant des images.</p>
<h2>Contenus de tiers et logiciels libres</h2>
<p>Certaines images et icônes sont utilisées sous licence de tiers. Le logiciel Bookla contient des composants open source soumis à leurs conditions de licence respectives.</p>
<h2>Signaler une violation</h2>
<p>Si vous estimez qu’un contenu publié sur Bookla porte atteinte à vos droits, envoyez-nous une description accompagnée du lien concerné à <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>. Nous examinerons votre signalement et, si la réclamation est fondée, retirerons ou bloquerons rapidement le contenu.</p>
<p>© Bookla AG. Tous droits réservés.</p>`,
  },
};

// ---------------------------------------------------------------------------
// Terms of use of the website
// ---------------------------------------------------------------------------
const termsOfUse: PageBody = {
  title: {
    de: 'Nutzungsbedingungen',
    en: 'Terms of Use',
    fr: 'Conditions d’utilisation',
  },
  seo_desc: {
    de: 'Die Nutzungsbedingungen für die Website von Bookla und die über Bookla betriebenen Shops für Kurse, Events und Tickets.',
    en: 'The terms of use for the Bookla website and the shops for courses, events and tickets operated on Bookla.',
    fr: 'Les conditions d’utilisation du site web Bookla et des boutiques de cours, d’événements et de billets exploitées sur Bookla.',
  },
  seo_keywords: {
    de: 'Nutzungsbedingungen, Website, Shop, Buchung, Bookla, Schweiz',
    en: 'terms of use, website terms, shop, booking, Bookla, Switzerland',
    fr: 'conditions d’utilisation, site web, boutique, réservation, Bookla, Suisse',
  },
  content: {
    de: `<p>Diese Nutzungsbedingungen gelten für alle Besucherinnen und Besucher der Website von Bookla sowie der Shops, die auf der Plattform Bookla betrieben werden. Mit der Nutzung der Website akzeptieren Sie diese Bedingungen. Für Anbieter mit einem Bookla-Konto gelten zusätzlich die Allgemeinen Geschäftsbedingungen.</p>
<h2>Betreiberin</h2>
<p>Die Website wird von der Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Schweiz, betrieben. Kontakt: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Zulässige Nutzung</h2>
<p>Die Website darf nur zu rechtmässigen Zwecken genutzt werden. Untersagt sind insbesondere Versuche, sich unbefugt Zugang zu Systemen oder Konten zu verschaffen, den Betrieb zu stören oder Sicherheitsmechanismen zu umgehen, das automatisierte massenhafte Auslesen von Inhalten ohne unsere Zustimmung, die Verbreitung von Schadsoftware sowie das Versenden unerwünschter Nachrichten über die Plattform.</p>
<h2>Buchungen in den Shops</h2>
<p>Wenn Sie in einem Shop auf Bookla einen Kurs, ein Event oder ein Ticket buchen, kommt der Vertrag mit dem jeweiligen Anbieter zustande. Es gelten dessen Bedingungen, einschliesslich der Annullierungs- und Rückerstattungsregeln. Bookla stellt lediglich die technische Plattform zur Verfügung.</p>
<h2>Keine Gewähr</h2>
<p>Wir bemühen uns um korrekte und aktuelle Informationen sowie um eine hohe Verfügbarkeit der Website, können dafür aber keine Gewähr übernehmen. Inhalte und Funktionen können jederzeit geändert werden.</p>
<h2>Geistiges Eigentum und Datenschutz</h2>
<p>Die Inhalte der Website sind urheberrechtlich geschützt; Einzelheiten finden Sie auf der Seite «Urheberrecht». Wie wir Personendaten bearbeiten, erfahren Sie in unserer Datenschutzerklärung.</p>
<h2>Haftung</h2>
<p>Die Haftung der Bookla AG für Schäden aus der Nutzung der Website ist im gesetzlich zulässigen Umfang ausgeschlossen. Für Angebote, Inhalte und Leistungen der Anbieter sind ausschliesslich diese verantwortlich.</p>
<h2>Änderungen</h2>
<p>Wir können diese Nutzungsbedingungen jederzeit anpassen. Es gilt die jeweils auf der Website veröffentlichte Fassung.</p>
<h2>Anwendbares Recht und Gerichtsstand</h2>
<p>Es gilt Schweizer Recht. Gerichtsstand ist Zürich, soweit nicht zwingende Bestimmungen, insbesondere zum Schutz von Konsumentinnen und Konsumenten, einen anderen Gerichtsstand vorsehen.</p>`,
    en: `<p>These terms of use apply to all visitors of the Bookla website and of the shops operated on the Bookla platform. By using the website, you accept these terms. Providers with a Bookla account are additionally subject to the General Terms and Conditions.</p>
<h2>Operator</h2>
<p>The website is operated by Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Switzerland. Contact: <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Permitted use</h2>
<p>The website may only be used for lawful purposes. In particular, it is prohibited to attempt to gain unauthorised access to systems or accounts, to disrupt operation or circumvent security mechanisms, to extract content automatically on a large scale without our consent, to distribute malware or to send unsolicited messages via the platform.</p>
<h2>Bookings in shops</h2>
<p>When you book a course, event or ticket in a shop on Bookla, the contract is concluded with the respective provider. The provider's terms apply, including its cancellation and refund rules. Bookla only provides the technical platform.</p>
<h2>No warranty</h2>
<p>We strive to provide accurate and up-to-date information and high availability of the website, but we cannot guarantee either. Content and features may be changed at any time.</p>
<h2>Intellectual property and data protection</h2>
<p>The content of the website is protected by copyright; details can be found on the Copyright page. Our privacy policy explains how we process personal data.</p>
<h2>Liability</h2>
<p>To the extent permitted by law, Bookla AG accepts no liability for damage arising from the use of the website. Providers are solely responsible for their offers, content and services.</p>
<h2>Changes</h2>
<p>We may amend these terms of use at any time. The version published on the website at the time applies.</p>
<h2>Governing law and jurisdiction</h2>
<p>Swiss law applies. The place of jurisdiction is Zurich, unless mandatory provisions, in particular those protecting consumers, provide for another place of jurisdiction.</p>`,
    fr: `<p>Les présentes conditions d’utilisation s’appliquent à toutes les personnes qui visitent le site web de Bookla ainsi que les boutiques exploitées sur la plateforme Bookla. En utilisant le site, vous acceptez ces conditions. Les prestataires disposant d’un compte Bookla sont en outre soumis aux conditions générales.</p>
<h2>Exploitante</h2>
<p>Le site est exploité par Bookla AG, Bahnhofstrasse 10, 8001 Zürich, Suisse. Contact : <a href="mailto:hello@bookla.ch">hello@bookla.ch</a>.</p>
<h2>Utilisation autorisée</h2>
<p>Le site ne peut être utilisé qu’à des fins licites. Il est notamment interdit de tenter d’accéder sans autorisation à des systèmes ou à des comptes, de perturber le fonctionnement ou de contourner les mécanismes de sécurité, d’extraire des contenus de manière automatisée et massive sans notre accord, de diffuser des logiciels malveillants ou d’envoyer des messages non sollicités via la plateforme.</p>
<h2>Réservations dans les boutiques</h2>
<p>Lorsque vous réservez un cours, un événement ou un billet dans une boutique sur Bookla, le contrat est conclu avec le prestataire concerné. Ses conditions s’appliquent, y compris ses règles d’annulation et de remboursement. Bookla fournit uniquement la plateforme technique.</p>
<h2>Absence de garantie</h2>
<p>Nous nous efforçons de fournir des informations exactes et actuelles et d’assurer une bonne disponibilité du site, sans pouvoir toutefois le garantir. Les contenus et fonctionnalités peuvent être modifiés à tout moment.</p>
<h2>Propriété intellectuelle et protection des données</h2>
<p>Les contenus du site sont protégés par le droit d’auteur ; vous trouverez les détails sur la page « Droits d’auteur ». Notre déclaration de protection des données explique comment nous traitons les données personnelles.</p>
<h2>Responsabilité</h2>
<p>Dans la mesure permise par la loi, Bookla AG décline toute responsabilité pour les dommages résultant de l’utilisation du site. Les prestataires sont seuls responsables de leurs offres, contenus et prestations.</p>
<h2>Modifications</h2>
<p>Nous pouvons adapter les présentes conditions d’utilisation à tout moment. La version publiée sur le site fait foi.</p>
<h2>Droit applicable et for</h2>
<p>Le droit suisse s’applique. Le for est à Zurich, sauf si des dispositions impératives, notamment en matière de protection des consommateurs, prévoient un autre for.</p>`,
  },
};

const page = (type: string, body: PageBody): ContentPageSeed => ({ type, group: 'frontend', ...body });

export const contentPages: ContentPageSeed[] = [
  page('agb', agb),
  page('datenschutz', privacyPolicy),
  page('privacy', privacyPolicy),
  page('imprint', imprint),
  page('service_fees', serviceFees),
  page('outside_fees', outsideFees),
  page('extenuating_circumstances_policy', extenuatingCircumstances),
  page('copyright', copyright),
  page('terms', termsOfUse),
];
