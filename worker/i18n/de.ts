import { PAYMENT_BRANDS } from './en.js';
import type { Messages } from './index.js';

// Every word of the pages in German.
export const de = {
  order: 'Bestellung',
  checkout: 'Bezahlvorgang',
  yourOrder: 'Ihre Bestellung',
  yourCheckout: 'Ihr Bezahlvorgang',
  quoteNumber: 'Bestellnummer (bei Fragen an den Shop angeben)',
  quoteReference: 'Referenz (bei Fragen an den Shop angeben)',
  serviceRef: 'Referenz beim Zahlungsdienst',
  placed: 'Bestellt am',
  paymentMethod: 'Zahlungsart',
  otherMethod: 'Andere Zahlungsart',
  methods: { CARD: 'Karte', BANK_TRANSFER: 'Überweisung', SEPA_DEBIT: 'SEPA-Lastschrift', ...PAYMENT_BRANDS },
  product: 'Produkt',
  billing: 'Abrechnung',
  every: { day: 'täglich', week: 'wöchentlich', month: 'monatlich', year: 'jährlich' },
  freeTrial: { one: '# Tag kostenlos testen', other: '# Tage kostenlos testen' },
  started: 'Begonnen',
  expires: 'Gültig bis',
  items: { other: '# Artikel' },
  item: 'Artikel',
  qty: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  total: 'Gesamt',
  timesIn: (zone) => `Zeiten in ${zone}.`,
  currencyNote: (from, to) => `Preise in ${from}; der Gesamtbetrag wird in ${to} berechnet.`,
  rateNote: (from, to, rate) => `Wechselkurs: 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'Der Gesamtbetrag enthält Kosten über die Artikel hinaus, etwa Versand oder Steuern.',
  lessThanItems: 'Der Gesamtbetrag enthält einen Rabatt.',
  mixedCurrencies: (codes) =>
    `Die Artikel haben Preise in mehreren Währungen (${codes}), daher rechnet diese Seite sie nicht zusammen. Der Gesamtbetrag ist der Betrag, den der Zahlungsdienst berechnet.`,
  itemsInOtherCurrency: (items, subtotal) =>
    `Die Artikel haben Preise in ${items}, die Zwischensumme in ${subtotal}, daher rechnet diese Seite sie nicht zusammen. Der Gesamtbetrag ist der Betrag, den der Zahlungsdienst berechnet.`,
  itemsNotSubtotal: (sum, subtotal) =>
    `Die Artikel ergeben zusammen ${sum}, die Zwischensumme beträgt aber ${subtotal}. Der Shop kann den Unterschied erklären.`,
  itemsNotTotal: (sum, total) =>
    `Die Artikel ergeben zusammen ${sum}, der Gesamtbetrag beträgt aber ${total}. Der Shop kann den Unterschied erklären.`,
  paid: ['Bezahlt', 'Ihre Zahlung ist eingegangen. Bewahren Sie diese Seite als Beleg auf oder drucken Sie sie aus.'],
  received: ['Zahlung eingegangen', 'Vielen Dank: Ihre Zahlung ist eingegangen und Ihre Bestellung bestätigt.'],
  processing: [
    'Zahlung in Bearbeitung',
    'Der Zahlungsdienst bearbeitet diese Zahlung noch. Sie müssen nichts tun; prüfen Sie in ein paar Minuten erneut.',
  ],
  refunded: [
    'Erstattet',
    'Ihre Zahlung wurde auf dem Zahlungsweg erstattet; Banken zeigen das meist nach 5 bis 10 Werktagen an. Fragen? Wenden Sie sich an den Shop und nennen Sie die Bestellnummer.',
  ],
  failed: ['Zahlung fehlgeschlagen', 'Die Zahlung ist nicht durchgegangen, es wurde nichts berechnet. Sie können im Shop erneut bezahlen.'],
  cancelled: [
    'Storniert',
    'Diese Bestellung wurde storniert. Falls Geld abgebucht wurde, erstattet der Shop es. Fragen? Wenden Sie sich an den Shop und nennen Sie die Bestellnummer.',
  ],
  unknownOrder: [
    'Status hier nicht verfügbar',
    'Diese Seite kann den Status dieser Bestellung nicht anzeigen. Der Shop hilft weiter: Nennen Sie die Bestellnummer.',
  ],
  checkoutDoneNoOrder: [
    'Zahlung abgeschlossen',
    'Ihre Zahlung ist eingegangen. Der Shop legt Ihre Bestellung noch an, daher ist sie noch nicht verfügbar. Prüfen Sie es in ein paar Minuten erneut; erscheint sie nicht, wenden Sie sich an den Shop und nennen Sie die Referenz unten.',
  ],
  confirming: [
    'Wir bestätigen Ihre Zahlung',
    'Das dauert meist nur wenige Sekunden. Sie können auf dieser Seite bleiben oder sie verlassen: Es geht nichts verloren.',
  ],
  unpaid: ['Noch nicht bezahlt', 'Dieser Bezahlvorgang ist noch offen, es wurde nichts berechnet. Zum Bezahlen kehren Sie zum Shop zurück.'],
  openUntil: (time) => `Er bleibt bis ${time} offen.`,
  expired: [
    'Bezahlvorgang abgelaufen',
    'Dieser Bezahlvorgang endete, bevor bezahlt wurde; es wurde nichts berechnet. Um zu kaufen, beginnen Sie im Shop neu.',
  ],
  expiredPaid: [
    'Bezahlvorgang nach Zahlung abgelaufen',
    'Dieser Bezahlvorgang ist abgelaufen, laut Zahlungsdienst wurde er aber bezahlt. Bewahren Sie Ihren Beleg auf und wenden Sie sich mit der Referenz unten an den Shop.',
  ],
  expiredProcessing: [
    'Bezahlvorgang während der Zahlung abgelaufen',
    'Dieser Bezahlvorgang ist abgelaufen, während der Zahlungsdienst die Zahlung noch bearbeitete; möglicherweise wurde Ihnen etwas berechnet. Bewahren Sie Ihren Beleg auf und wenden Sie sich mit der Referenz unten an den Shop.',
  ],
  expiredUnknown: [
    'Bezahlvorgang abgelaufen',
    'Dieser Bezahlvorgang ist beendet. Ob eine Zahlung erfolgt ist, kann diese Seite nicht sagen: Falls Ihnen etwas berechnet wurde, bewahren Sie Ihren Beleg auf und wenden Sie sich mit der Referenz unten an den Shop.',
  ],
  expiredAt: (time) => `Er ist am ${time} abgelaufen.`,
  unknownCheckout: ['Status hier nicht verfügbar', 'Diese Seite kann den Status dieses Bezahlvorgangs nicht anzeigen. Der Shop hilft weiter.'],
  checking: 'Diese Seite prüft im Hintergrund für Sie.',
  checkByHand: 'Diese Seite aktualisiert sich nicht von selbst. Mit „Erneut prüfen“ sehen Sie den aktuellen Stand.',
  stopped: 'Wir haben nach zwei Minuten aufgehört zu prüfen. Prüfen Sie erneut oder kommen Sie später wieder: Es geht nichts verloren.',
  opening: 'Zahlung eingegangen. Ihre Bestellung wird geöffnet …',
  changed: 'Der Status hat sich geändert. Er wird geladen …',
  backToShop: 'Zurück zum Shop',
  viewOrder: 'Zur Bestellung',
  checkAgain: 'Erneut prüfen',
  tryAgain: 'Erneut versuchen',
  signOut: 'Abmelden',
  home: ['Ihre Bestellungen', 'Öffnen Sie den Link zu einer Bestellung oder einem Bezahlvorgang aus dem Shop, um ihn hier zu sehen.'],
  signedInAs: (id) => `Sie sind als Kunde ${id} angemeldet.`,
  howToReach:
    'Um eine Bestellung zu sehen, öffnen Sie ihren Link in Ihrer Bestellbestätigung oder im Shop. Der Bestelldienst führt keine Liste Ihrer Bestellungen, daher steht hier keine.',
  notSignedIn: [
    'Nicht angemeldet',
    'Sie sind nicht angemeldet, oder Ihre Anmeldung ist beendet. Öffnen Sie den Link aus dem Shop erneut, oder bitten Sie den Shop um einen neuen.',
  ],
  notFound: ['Nicht gefunden', 'Hier gibt es nichts für Sie. Prüfen Sie den Link, oder melden Sie sich im Shop erneut an.'],
  tooMany: ['Zu viele Anfragen', 'Bitte warten Sie eine Minute und laden Sie die Seite neu.'],
  failedUpstream: [
    'Fehler beim Bestelldienst',
    'Der Bestelldienst hat mit einem Fehler geantwortet, daher kann diese Seite gerade nicht angezeigt werden. An Ihrer Bestellung hat sich nichts geändert. Versuchen Sie es gleich noch einmal.',
  ],
  timedOut: [
    'Bestelldienst zu langsam',
    'Der Bestelldienst hat nicht rechtzeitig geantwortet, daher kann diese Seite gerade nicht angezeigt werden. An Ihrer Bestellung hat sich nichts geändert. Versuchen Sie es gleich noch einmal.',
  ],
  reference: 'Referenz',
  signIn: ['Anmelden', 'Sie haben einen Anmeldelink aus dem Shop geöffnet. Fahren Sie fort, um Ihre Bestellung zu sehen.'],
  signInSwitch: 'In diesem Browser ist ein anderer Kunde angemeldet; wenn Sie fortfahren, werden Sie mit diesem Link angemeldet.',
  continue: 'Weiter',
  signInFailed: {
    everywhere: [
      'Anmeldung fehlgeschlagen',
      'Dieser Anmeldelink ist ungültig, abgelaufen oder durch eine Abmeldung beendet. Bitten Sie den Shop um einen neuen.',
    ],
    thisBrowser: ['Anmeldung fehlgeschlagen', 'Dieser Anmeldelink ist ungültig oder abgelaufen. Öffnen Sie ihn erneut aus dem Shop.'],
  },
  linkRefused: ['Link abgelehnt', 'Dieser Anmeldelink führt zu einer anderen Website und wurde daher nicht geöffnet.'],
  requestRefused: ['Anfrage abgelehnt', 'Dieses Formular wurde nicht von dieser Website gesendet; es wurde nichts geändert.'],
  signOutText: {
    everywhere: 'Auf allen Geräten abmelden? Links, die Sie schon haben, gelten dann nicht mehr.',
    thisBrowser: 'In diesem Browser von Ihren Bestellungen abmelden?',
  },
  signedOut: {
    everywhere: [
      'Abgemeldet',
      'Sie sind auf allen Geräten abgemeldet; Links, die Sie schon haben, gelten nicht mehr. Bitten Sie den Shop um einen neuen Link.',
    ],
    thisBrowser: ['Abgemeldet', 'Sie sind in diesem Browser abgemeldet. Öffnen Sie einen Link aus dem Shop, um sich wieder anzumelden.'],
  },
  signedOutHereOnly: [
    'Hier abgemeldet',
    'Sie sind in diesem Browser abgemeldet, aber andere Geräte sind vielleicht noch angemeldet, und Ihre Links gelten vielleicht noch.',
  ],
  notSignedInToSignOut: [
    'Nicht angemeldet',
    'Sie waren in diesem Browser nicht angemeldet, daher hat sich nichts geändert: Andere Geräte und Ihre Links bleiben, wie sie waren. Um sich überall abzumelden, melden Sie sich mit einem Link vom Shop an und dann ab.',
  ],
  linkExpired: [
    'Anmeldelink abgelaufen',
    'Dieser Anmeldelink ist abgelaufen. Öffnen Sie Ihre Bestellung erneut aus dem Shop, um einen neuen zu erhalten.',
  ],
  linkTooLongLived: (limit) => [
    'Anmeldelink abgelaufen',
    `Dieser Anmeldelink sollte länger gelten, als diese Website zulässt (höchstens ${limit}), und gilt daher als abgelaufen. Öffnen Sie Ihre Bestellung erneut aus dem Shop, um einen neuen zu erhalten.`,
  ],
  linkTooLarge: [
    'Anmeldelink zu lang',
    'Dieser Anmeldelink enthält mehr, als ein Browser speichern kann, und kann Sie daher nicht anmelden. Bitte informieren Sie den Shop.',
  ],
} satisfies Messages;
