// The pages' words in English, German, French and Spanish, chosen from Accept-Language (English otherwise), and
// the record's enum values in words. An unknown value is never shown raw: the pages use neutral words for it.

export type Language = 'en' | 'de' | 'fr' | 'es';

// ---- Page words (the order and checkout pages, their states, money notes, the pending checks) --------------------
// Kept apart from the sign-in words below so each block can change on its own. A state is a title and a sentence
// or two that say what it means for the shopper's money and what to do next.

type Said = readonly [title: string, text: string];

const enPages = {
  yourCheckout: 'Your checkout',
  quoteNumber: 'Order number (quote it to the shop)',
  serviceRef: 'Reference at the payment service',
  unitPrice: 'Unit price',
  timesIn: (zone: string) => `Times are shown in ${zone}.`,
  currencyNote: (from: string, to: string) => `Prices are in ${from}; the total is charged in ${to}.`,
  rateNote: (from: string, to: string, rate: string) => `Exchange rate: 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'The total includes charges beyond the items, such as shipping or taxes.',
  lessThanItems: 'The total includes a discount.',
  paid: ['Paid', 'Your payment was received. Keep this page, or print it, as your receipt.'] as Said,
  received: ['Payment received', 'Thank you: your payment went through and your order is confirmed.'] as Said,
  processing: [
    'Payment being processed',
    'The payment service is still processing this payment. Nothing needs doing on your part; check again in a few minutes.',
  ] as Said,
  refunded: [
    'Refunded',
    'Your payment was refunded to the way you paid; banks usually take 5 to 10 business days to show it. Questions? Contact the shop and quote the order number.',
  ] as Said,
  failed: ['Payment failed', 'The payment did not go through, so nothing was charged. You can go back to the shop and try again.'] as Said,
  cancelled: [
    'Cancelled',
    'This order was cancelled. If money was taken, the shop returns it. Questions? Contact the shop and quote the order number.',
  ] as Said,
  unknownOrder: [
    'Status not shown here',
    'This page cannot show the status of this order. The shop can tell you more: quote the order number.',
  ] as Said,
  confirming: ['We are confirming your payment', 'This usually takes a few seconds. You can stay on this page or leave it: nothing is lost.'] as Said,
  unpaid: ['Not paid yet', 'This checkout is still open and nothing has been charged. To pay, go back to the shop.'] as Said,
  openUntil: (time: string) => `It stays open until ${time}.`,
  expired: ['Checkout expired', 'This checkout ended before it was paid, so nothing was charged. To buy, start again in the shop.'] as Said,
  expiredAt: (time: string) => `It expired on ${time}.`,
  checkoutDone: ['Payment received', 'Thank you: your payment went through and your order is confirmed.'] as Said,
  unknownCheckout: ['Status not shown here', 'This page cannot show the status of this checkout. The shop can tell you more.'] as Said,
  checking: 'This page checks for you in the background.',
  stopped: 'We stopped checking after two minutes. Use Check again, or come back later: nothing is lost.',
  opening: 'Payment received. Opening your order…',
  changed: 'The status has changed. Loading it…',
  tryAgain: 'Try again',
  reference: 'Reference',
  failedUpstream: [
    'Order service error',
    'The order service answered with an error, so this page cannot be shown right now. Nothing about your order has changed. Try again in a moment.',
  ] as Said,
  timedOut: [
    'Order service too slow',
    'The order service did not answer in time, so this page cannot be shown right now. Nothing about your order has changed. Try again in a moment.',
  ] as Said,
  signedInAs: (id: string) => `You are signed in as customer ${id}.`,
  howToReach:
    'To see an order, open its link in your order confirmation or in the shop. The order service keeps no list of your orders, so none are listed here.',
  otherMethod: 'Other payment method',
  methods: {
    CARD: 'Card',
    PAYPAL: 'PayPal',
    APPLE_PAY: 'Apple Pay',
    GOOGLE_PAY: 'Google Pay',
    BANK_TRANSFER: 'Bank transfer',
    SEPA_DEBIT: 'SEPA direct debit',
    IDEAL: 'iDEAL',
    KLARNA: 'Klarna',
  } as Record<string, string>,
};

type PageMessages = typeof enPages;

const dePages: PageMessages = {
  yourCheckout: 'Ihr Bezahlvorgang',
  quoteNumber: 'Bestellnummer (bei Fragen an den Shop angeben)',
  serviceRef: 'Referenz beim Zahlungsdienst',
  unitPrice: 'Einzelpreis',
  timesIn: (zone) => `Zeiten in ${zone}.`,
  currencyNote: (from, to) => `Preise in ${from}; der Gesamtbetrag wird in ${to} berechnet.`,
  rateNote: (from, to, rate) => `Wechselkurs: 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'Der Gesamtbetrag enthält Kosten über die Artikel hinaus, etwa Versand oder Steuern.',
  lessThanItems: 'Der Gesamtbetrag enthält einen Rabatt.',
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
  expiredAt: (time) => `Er ist am ${time} abgelaufen.`,
  checkoutDone: ['Zahlung eingegangen', 'Vielen Dank: Ihre Zahlung ist eingegangen und Ihre Bestellung bestätigt.'],
  unknownCheckout: ['Status hier nicht verfügbar', 'Diese Seite kann den Status dieses Bezahlvorgangs nicht anzeigen. Der Shop hilft weiter.'],
  checking: 'Diese Seite prüft im Hintergrund für Sie.',
  stopped: 'Wir haben nach zwei Minuten aufgehört zu prüfen. Prüfen Sie erneut oder kommen Sie später wieder: Es geht nichts verloren.',
  opening: 'Zahlung eingegangen. Ihre Bestellung wird geöffnet …',
  changed: 'Der Status hat sich geändert. Er wird geladen …',
  tryAgain: 'Erneut versuchen',
  reference: 'Referenz',
  failedUpstream: [
    'Fehler beim Bestelldienst',
    'Der Bestelldienst hat mit einem Fehler geantwortet, daher kann diese Seite gerade nicht angezeigt werden. An Ihrer Bestellung hat sich nichts geändert. Versuchen Sie es gleich noch einmal.',
  ],
  timedOut: [
    'Bestelldienst zu langsam',
    'Der Bestelldienst hat nicht rechtzeitig geantwortet, daher kann diese Seite gerade nicht angezeigt werden. An Ihrer Bestellung hat sich nichts geändert. Versuchen Sie es gleich noch einmal.',
  ],
  signedInAs: (id) => `Sie sind als Kunde ${id} angemeldet.`,
  howToReach:
    'Um eine Bestellung zu sehen, öffnen Sie ihren Link in Ihrer Bestellbestätigung oder im Shop. Der Bestelldienst führt keine Liste Ihrer Bestellungen, daher steht hier keine.',
  otherMethod: 'Andere Zahlungsart',
  methods: {
    CARD: 'Karte',
    PAYPAL: 'PayPal',
    APPLE_PAY: 'Apple Pay',
    GOOGLE_PAY: 'Google Pay',
    BANK_TRANSFER: 'Überweisung',
    SEPA_DEBIT: 'SEPA-Lastschrift',
    IDEAL: 'iDEAL',
    KLARNA: 'Klarna',
  },
};

const frPages: PageMessages = {
  yourCheckout: 'Votre paiement',
  quoteNumber: 'Numéro de commande (à indiquer à la boutique)',
  serviceRef: 'Référence auprès du service de paiement',
  unitPrice: 'Prix unitaire',
  timesIn: (zone) => `Heures indiquées en ${zone}.`,
  currencyNote: (from, to) => `Les prix sont en ${from} ; le total est débité en ${to}.`,
  rateNote: (from, to, rate) => `Taux de change : 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'Le total comprend des frais en plus des articles, comme la livraison ou les taxes.',
  lessThanItems: 'Le total comprend une remise.',
  paid: ['Payée', 'Votre paiement a été reçu. Conservez cette page, ou imprimez-la, comme reçu.'],
  received: ['Paiement reçu', 'Merci : votre paiement est passé et votre commande est confirmée.'],
  processing: [
    'Paiement en cours de traitement',
    'Le service de paiement traite encore ce paiement. Vous n’avez rien à faire ; vérifiez à nouveau dans quelques minutes.',
  ],
  refunded: [
    'Remboursée',
    'Votre paiement a été remboursé sur votre moyen de paiement ; les banques l’affichent en général sous 5 à 10 jours ouvrés. Des questions ? Contactez la boutique en indiquant le numéro de commande.',
  ],
  failed: ['Échec du paiement', 'Le paiement n’est pas passé, rien n’a été débité. Vous pouvez retourner à la boutique et réessayer.'],
  cancelled: [
    'Annulée',
    'Cette commande a été annulée. Si de l’argent a été débité, la boutique le rembourse. Des questions ? Contactez la boutique en indiquant le numéro de commande.',
  ],
  unknownOrder: [
    'Statut non affiché ici',
    'Cette page ne peut pas afficher le statut de cette commande. La boutique peut vous renseigner : indiquez le numéro de commande.',
  ],
  confirming: [
    'Nous confirmons votre paiement',
    'Cela prend généralement quelques secondes. Vous pouvez rester sur cette page ou la quitter : rien n’est perdu.',
  ],
  unpaid: ['Pas encore payé', 'Ce paiement est encore ouvert et rien n’a été débité. Pour payer, retournez à la boutique.'],
  openUntil: (time) => `Il reste ouvert jusqu’au ${time}.`,
  expired: ['Paiement expiré', 'Ce paiement a pris fin avant d’être réglé, rien n’a donc été débité. Pour acheter, recommencez dans la boutique.'],
  expiredAt: (time) => `Il a expiré le ${time}.`,
  checkoutDone: ['Paiement reçu', 'Merci : votre paiement est passé et votre commande est confirmée.'],
  unknownCheckout: ['Statut non affiché ici', 'Cette page ne peut pas afficher le statut de ce paiement. La boutique peut vous renseigner.'],
  checking: 'Cette page vérifie pour vous en arrière-plan.',
  stopped: 'Nous avons arrêté de vérifier après deux minutes. Vérifiez à nouveau, ou revenez plus tard : rien n’est perdu.',
  opening: 'Paiement reçu. Ouverture de votre commande…',
  changed: 'Le statut a changé. Chargement…',
  tryAgain: 'Réessayer',
  reference: 'Référence',
  failedUpstream: [
    'Erreur du service de commandes',
    'Le service de commandes a répondu par une erreur : cette page ne peut pas s’afficher pour le moment. Rien n’a changé dans votre commande. Réessayez dans un instant.',
  ],
  timedOut: [
    'Service de commandes trop lent',
    'Le service de commandes n’a pas répondu à temps : cette page ne peut pas s’afficher pour le moment. Rien n’a changé dans votre commande. Réessayez dans un instant.',
  ],
  signedInAs: (id) => `Vous êtes connecté en tant que client ${id}.`,
  howToReach:
    'Pour voir une commande, ouvrez son lien dans votre confirmation de commande ou dans la boutique. Le service de commandes ne tient pas de liste de vos commandes ; aucune n’est donc listée ici.',
  otherMethod: 'Autre moyen de paiement',
  methods: {
    CARD: 'Carte',
    PAYPAL: 'PayPal',
    APPLE_PAY: 'Apple Pay',
    GOOGLE_PAY: 'Google Pay',
    BANK_TRANSFER: 'Virement',
    SEPA_DEBIT: 'Prélèvement SEPA',
    IDEAL: 'iDEAL',
    KLARNA: 'Klarna',
  },
};

const esPages: PageMessages = {
  yourCheckout: 'Su pago',
  quoteNumber: 'Número de pedido (indíquelo a la tienda)',
  serviceRef: 'Referencia en el servicio de pago',
  unitPrice: 'Precio unitario',
  timesIn: (zone) => `Horas en ${zone}.`,
  currencyNote: (from, to) => `Los precios están en ${from}; el total se cobra en ${to}.`,
  rateNote: (from, to, rate) => `Tipo de cambio: 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'El total incluye cargos además de los artículos, como envío o impuestos.',
  lessThanItems: 'El total incluye un descuento.',
  paid: ['Pagado', 'Su pago se ha recibido. Guarde esta página, o imprímala, como recibo.'],
  received: ['Pago recibido', 'Gracias: su pago se ha completado y su pedido está confirmado.'],
  processing: [
    'Pago en proceso',
    'El servicio de pago aún está procesando este pago. No tiene que hacer nada; compruébelo de nuevo en unos minutos.',
  ],
  refunded: [
    'Reembolsado',
    'Su pago se ha reembolsado al medio con el que pagó; los bancos suelen tardar de 5 a 10 días hábiles en mostrarlo. ¿Preguntas? Contacte con la tienda e indique el número de pedido.',
  ],
  failed: ['Pago fallido', 'El pago no se completó, así que no se ha cobrado nada. Puede volver a la tienda e intentarlo de nuevo.'],
  cancelled: [
    'Cancelado',
    'Este pedido se ha cancelado. Si se cobró dinero, la tienda lo devuelve. ¿Preguntas? Contacte con la tienda e indique el número de pedido.',
  ],
  unknownOrder: [
    'Estado no disponible aquí',
    'Esta página no puede mostrar el estado de este pedido. La tienda puede informarle: indique el número de pedido.',
  ],
  confirming: ['Estamos confirmando su pago', 'Suele tardar unos segundos. Puede quedarse en esta página o salir de ella: no se pierde nada.'],
  unpaid: ['Aún no pagado', 'Este pago sigue abierto y no se ha cobrado nada. Para pagar, vuelva a la tienda.'],
  openUntil: (time) => `Sigue abierto hasta el ${time}.`,
  expired: ['Pago caducado', 'Este pago terminó antes de completarse, así que no se ha cobrado nada. Para comprar, empiece de nuevo en la tienda.'],
  expiredAt: (time) => `Caducó el ${time}.`,
  checkoutDone: ['Pago recibido', 'Gracias: su pago se ha completado y su pedido está confirmado.'],
  unknownCheckout: ['Estado no disponible aquí', 'Esta página no puede mostrar el estado de este pago. La tienda puede informarle.'],
  checking: 'Esta página lo comprueba por usted en segundo plano.',
  stopped: 'Dejamos de comprobar tras dos minutos. Compruébelo de nuevo o vuelva más tarde: no se pierde nada.',
  opening: 'Pago recibido. Abriendo su pedido…',
  changed: 'El estado ha cambiado. Cargándolo…',
  tryAgain: 'Reintentar',
  reference: 'Referencia',
  failedUpstream: [
    'Error del servicio de pedidos',
    'El servicio de pedidos respondió con un error, así que esta página no se puede mostrar ahora. Su pedido no ha cambiado. Inténtelo de nuevo en un momento.',
  ],
  timedOut: [
    'Servicio de pedidos demasiado lento',
    'El servicio de pedidos no respondió a tiempo, así que esta página no se puede mostrar ahora. Su pedido no ha cambiado. Inténtelo de nuevo en un momento.',
  ],
  signedInAs: (id) => `Ha iniciado sesión como cliente ${id}.`,
  howToReach:
    'Para ver un pedido, abra su enlace en la confirmación del pedido o en la tienda. El servicio de pedidos no guarda una lista de sus pedidos, así que aquí no aparece ninguno.',
  otherMethod: 'Otro método de pago',
  methods: {
    CARD: 'Tarjeta',
    PAYPAL: 'PayPal',
    APPLE_PAY: 'Apple Pay',
    GOOGLE_PAY: 'Google Pay',
    BANK_TRANSFER: 'Transferencia',
    SEPA_DEBIT: 'Adeudo SEPA',
    IDEAL: 'iDEAL',
    KLARNA: 'Klarna',
  },
};
// ---- end of page words ----------------------------------------------------------------------------------------

const en = {
  ...enPages,
  order: 'Order',
  checkout: 'Checkout',
  yourOrder: 'Your order',
  orderNumber: 'Order number',
  placed: 'Placed',
  paymentMethod: 'Payment method',
  product: 'Product',
  billing: 'Billing',
  started: 'Started',
  expires: 'Expires',
  items: 'Items',
  item: 'Item',
  qty: 'Qty',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  backToShop: 'Back to the shop',
  viewOrder: 'View your order',
  signOut: 'Sign out',
  every: { day: 'every day', week: 'every week', month: 'every month', year: 'every year' } as Record<string, string>,
  freeTrial: (days: number) => `${days}-day free trial`,
  checkAgain: 'Check again',
  home: ['Your orders', 'Open the link to an order or a checkout from the shop to see it here.'],
  notSignedIn: ['Not signed in', 'You are not signed in, or your sign-in has expired. Open the link from the shop again.'],
  notFound: ['Not found', 'There is nothing here for you. Check the link, or sign in again from the shop.'],
  tooMany: ['Too many requests', 'Please wait a minute and reload.'],
  signInTitle: 'Sign in',
  signInText: 'You opened a sign-in link from the shop. Continue to see your order.',
  signInSwitch: 'You are signed in as another customer in this browser; continuing signs you in with this link instead.',
  continue: 'Continue',
  signInFailed: ['Sign-in failed', 'This sign-in link is invalid or has expired. Open it from the shop again.'],
  linkRefused: ['Link refused', 'This sign-in link points to another site, so it was not followed.'],
  requestRefused: ['Request refused', 'This form was not sent from this site, so nothing was changed.'],
  signOutTitle: 'Sign out',
  signOutText: 'Sign out of your orders in this browser?',
  signedOut: ['Signed out', 'You are signed out. Open a link from the shop to sign in again.'],
};

export type Messages = typeof en;

const de: Messages = {
  ...dePages,
  order: 'Bestellung',
  checkout: 'Bezahlvorgang',
  yourOrder: 'Ihre Bestellung',
  orderNumber: 'Bestellnummer',
  placed: 'Bestellt am',
  paymentMethod: 'Zahlungsart',
  product: 'Produkt',
  billing: 'Abrechnung',
  started: 'Begonnen',
  expires: 'Gültig bis',
  items: 'Artikel',
  item: 'Artikel',
  qty: 'Menge',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  total: 'Gesamt',
  backToShop: 'Zurück zum Shop',
  viewOrder: 'Zur Bestellung',
  signOut: 'Abmelden',
  every: { day: 'täglich', week: 'wöchentlich', month: 'monatlich', year: 'jährlich' },
  freeTrial: (days) => `${days} Tage kostenlos testen`,
  checkAgain: 'Erneut prüfen',
  home: ['Ihre Bestellungen', 'Öffnen Sie den Link zu einer Bestellung oder einem Bezahlvorgang aus dem Shop, um ihn hier zu sehen.'],
  notSignedIn: ['Nicht angemeldet', 'Sie sind nicht angemeldet, oder Ihre Anmeldung ist abgelaufen. Öffnen Sie den Link aus dem Shop erneut.'],
  notFound: ['Nicht gefunden', 'Hier gibt es nichts für Sie. Prüfen Sie den Link, oder melden Sie sich im Shop erneut an.'],
  tooMany: ['Zu viele Anfragen', 'Bitte warten Sie eine Minute und laden Sie die Seite neu.'],
  signInTitle: 'Anmelden',
  signInText: 'Sie haben einen Anmeldelink aus dem Shop geöffnet. Fahren Sie fort, um Ihre Bestellung zu sehen.',
  signInSwitch: 'In diesem Browser ist ein anderer Kunde angemeldet; wenn Sie fortfahren, werden Sie mit diesem Link angemeldet.',
  continue: 'Weiter',
  signInFailed: ['Anmeldung fehlgeschlagen', 'Dieser Anmeldelink ist ungültig oder abgelaufen. Öffnen Sie ihn erneut aus dem Shop.'],
  linkRefused: ['Link abgelehnt', 'Dieser Anmeldelink führt zu einer anderen Website und wurde daher nicht geöffnet.'],
  requestRefused: ['Anfrage abgelehnt', 'Dieses Formular wurde nicht von dieser Website gesendet; es wurde nichts geändert.'],
  signOutTitle: 'Abmelden',
  signOutText: 'In diesem Browser von Ihren Bestellungen abmelden?',
  signedOut: ['Abgemeldet', 'Sie sind abgemeldet. Öffnen Sie einen Link aus dem Shop, um sich wieder anzumelden.'],
};

const fr: Messages = {
  ...frPages,
  order: 'Commande',
  checkout: 'Paiement',
  yourOrder: 'Votre commande',
  orderNumber: 'Numéro de commande',
  placed: 'Passée le',
  paymentMethod: 'Moyen de paiement',
  product: 'Produit',
  billing: 'Facturation',
  started: 'Commencé le',
  expires: 'Expire le',
  items: 'Articles',
  item: 'Article',
  qty: 'Qté',
  amount: 'Montant',
  subtotal: 'Sous-total',
  total: 'Total',
  backToShop: 'Retour à la boutique',
  viewOrder: 'Voir votre commande',
  signOut: 'Se déconnecter',
  every: { day: 'chaque jour', week: 'chaque semaine', month: 'chaque mois', year: 'chaque année' },
  freeTrial: (days) => `essai gratuit de ${days} jours`,
  checkAgain: 'Vérifier à nouveau',
  home: ['Vos commandes', 'Ouvrez le lien d’une commande ou d’un paiement depuis la boutique pour le voir ici.'],
  notSignedIn: ['Non connecté', 'Vous n’êtes pas connecté, ou votre connexion a expiré. Ouvrez à nouveau le lien depuis la boutique.'],
  notFound: ['Introuvable', 'Il n’y a rien ici pour vous. Vérifiez le lien, ou reconnectez-vous depuis la boutique.'],
  tooMany: ['Trop de requêtes', 'Veuillez patienter une minute puis recharger la page.'],
  signInTitle: 'Connexion',
  signInText: 'Vous avez ouvert un lien de connexion de la boutique. Continuez pour voir votre commande.',
  signInSwitch: 'Un autre client est connecté dans ce navigateur ; en continuant, vous serez connecté avec ce lien.',
  continue: 'Continuer',
  signInFailed: ['Échec de la connexion', 'Ce lien de connexion est invalide ou a expiré. Ouvrez-le à nouveau depuis la boutique.'],
  linkRefused: ['Lien refusé', 'Ce lien de connexion mène à un autre site ; il n’a donc pas été suivi.'],
  requestRefused: ['Requête refusée', 'Ce formulaire n’a pas été envoyé depuis ce site ; rien n’a été modifié.'],
  signOutTitle: 'Se déconnecter',
  signOutText: 'Se déconnecter de vos commandes dans ce navigateur ?',
  signedOut: ['Déconnecté', 'Vous êtes déconnecté. Ouvrez un lien de la boutique pour vous reconnecter.'],
};

const es: Messages = {
  ...esPages,
  order: 'Pedido',
  checkout: 'Pago',
  yourOrder: 'Su pedido',
  orderNumber: 'Número de pedido',
  placed: 'Realizado el',
  paymentMethod: 'Método de pago',
  product: 'Producto',
  billing: 'Facturación',
  started: 'Iniciado',
  expires: 'Caduca',
  items: 'Artículos',
  item: 'Artículo',
  qty: 'Cant.',
  amount: 'Importe',
  subtotal: 'Subtotal',
  total: 'Total',
  backToShop: 'Volver a la tienda',
  viewOrder: 'Ver su pedido',
  signOut: 'Cerrar sesión',
  every: { day: 'cada día', week: 'cada semana', month: 'cada mes', year: 'cada año' },
  freeTrial: (days) => `prueba gratuita de ${days} días`,
  checkAgain: 'Comprobar de nuevo',
  home: ['Sus pedidos', 'Abra el enlace de un pedido o de un pago desde la tienda para verlo aquí.'],
  notSignedIn: ['Sesión no iniciada', 'No ha iniciado sesión o su sesión ha caducado. Abra de nuevo el enlace desde la tienda.'],
  notFound: ['No encontrado', 'Aquí no hay nada para usted. Compruebe el enlace o vuelva a iniciar sesión desde la tienda.'],
  tooMany: ['Demasiadas solicitudes', 'Espere un minuto y vuelva a cargar la página.'],
  signInTitle: 'Iniciar sesión',
  signInText: 'Ha abierto un enlace de inicio de sesión de la tienda. Continúe para ver su pedido.',
  signInSwitch: 'Hay otro cliente con la sesión iniciada en este navegador; si continúa, iniciará sesión con este enlace.',
  continue: 'Continuar',
  signInFailed: ['Error al iniciar sesión', 'Este enlace de inicio de sesión no es válido o ha caducado. Ábralo de nuevo desde la tienda.'],
  linkRefused: ['Enlace rechazado', 'Este enlace de inicio de sesión lleva a otro sitio, por lo que no se ha seguido.'],
  requestRefused: ['Solicitud rechazada', 'Este formulario no se envió desde este sitio; no se ha cambiado nada.'],
  signOutTitle: 'Cerrar sesión',
  signOutText: '¿Cerrar la sesión de sus pedidos en este navegador?',
  signedOut: ['Sesión cerrada', 'Ha cerrado la sesión. Abra un enlace de la tienda para volver a iniciarla.'],
};

const MESSAGES: Readonly<Record<Language, Messages>> = { en, de, fr, es };

/** The reader's language and the locale to format in. */
export interface Reader {
  readonly language: Language;
  /** A BCP 47 tag of that language (such as `de-AT`), for `lang` and `Intl`. */
  readonly locale: string;
  readonly t: Messages;
}

/**
 * The first language of `Accept-Language` (by its `q` weights) among English, German, French and Spanish, with the
 * reader's region when it gave one; English otherwise.
 */
export function chooseReader(acceptLanguage: string | null): Reader {
  // The same first 1024 characters that are read below, so a long header costs no more memory than a short one.
  const key = (acceptLanguage ?? '').slice(0, 1024);
  let reader = READERS.get(key);
  if (reader === undefined) {
    // Bounded: the header is the client's to choose, and an isolate must not grow without end.
    if (READERS.size >= 256) READERS.clear();
    reader = rankReader(key);
    READERS.set(key, reader);
  }
  return reader;
}

// Readers by Accept-Language header, built once per isolate: the header's parse and `Intl` locale checks are the
// same for every request that sends it.
const READERS = new Map<string, Reader>();

function rankReader(acceptLanguage: string): Reader {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 1024)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      continue;
    }
    if (canonical === undefined) continue;
    const language = canonical.split('-')[0]!.toLowerCase();
    if (!(language in MESSAGES)) continue;
    const locale = Intl.NumberFormat.supportedLocalesOf(canonical).length > 0 ? canonical : language;
    return { language: language as Language, locale, t: MESSAGES[language as Language] };
  }
  return { language: 'en', locale: 'en', t: en };
}

/** An enum value in the reader's words, or `undefined` when it is absent or not a known one (never the raw value). */
export function inWords(value: string | null | undefined, words: Readonly<Record<string, string>>): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return Object.hasOwn(words, value) ? words[value] : undefined;
}

// ---- Sign-in and sessions: the words of the sign-in refusals, all four languages (kept apart from the page words
// above so the two can change independently). `limit` is a duration already in words ("7 days", "7 Tage").

/** The words of the sign-in pages' refusals. */
export interface SignInWords {
  readonly linkExpired: readonly [string, string];
  readonly linkTooLongLived: (limit: string) => readonly [string, string];
  readonly linkTooLarge: readonly [string, string];
}

const SIGN_IN_WORDS: Readonly<Record<Language, SignInWords>> = {
  en: {
    linkExpired: ['Sign-in link expired', 'This sign-in link has expired. Open your order from the shop again to get a new one.'],
    linkTooLongLived: (limit) => [
      'Sign-in link expired',
      `This sign-in link was made to last longer than this site accepts (at most ${limit}), so it counts as expired. Open your order from the shop again to get a new one.`,
    ],
    linkTooLarge: [
      'Sign-in link too long',
      'This sign-in link carries more than a browser can keep, so it cannot sign you in. Please tell the shop.',
    ],
  },
  de: {
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
  },
  fr: {
    linkExpired: [
      'Lien de connexion expiré',
      'Ce lien de connexion a expiré. Ouvrez à nouveau votre commande depuis la boutique pour en obtenir un nouveau.',
    ],
    linkTooLongLived: (limit) => [
      'Lien de connexion expiré',
      `Ce lien de connexion devait rester valable plus longtemps que ce site ne l’accepte (au plus ${limit}) ; il est donc considéré comme expiré. Ouvrez à nouveau votre commande depuis la boutique pour en obtenir un nouveau.`,
    ],
    linkTooLarge: [
      'Lien de connexion trop long',
      'Ce lien de connexion contient plus qu’un navigateur ne peut conserver ; il ne peut donc pas vous connecter. Merci de prévenir la boutique.',
    ],
  },
  es: {
    linkExpired: [
      'Enlace de inicio de sesión caducado',
      'Este enlace de inicio de sesión ha caducado. Abra de nuevo su pedido desde la tienda para obtener uno nuevo.',
    ],
    linkTooLongLived: (limit) => [
      'Enlace de inicio de sesión caducado',
      `Este enlace de inicio de sesión se creó para durar más de lo que este sitio acepta (como máximo ${limit}), por lo que se considera caducado. Abra de nuevo su pedido desde la tienda para obtener uno nuevo.`,
    ],
    linkTooLarge: [
      'Enlace de inicio de sesión demasiado largo',
      'Este enlace de inicio de sesión contiene más de lo que un navegador puede guardar, por lo que no puede iniciar su sesión. Avise a la tienda, por favor.',
    ],
  },
};

/** The sign-in refusals in the reader's language. */
export function signInWords(reader: Reader): SignInWords {
  return SIGN_IN_WORDS[reader.language];
}
