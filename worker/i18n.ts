// The pages' words in English, German, French and Spanish, chosen from Accept-Language (English otherwise), and
// the record's enum values in words. An unknown value is shown as the service sent it.

export type Language = 'en' | 'de' | 'fr' | 'es';

const en = {
  order: 'Order',
  checkout: 'Checkout',
  yourOrder: 'Your order',
  orderNumber: 'Order number',
  placed: 'Placed',
  paymentMethod: 'Payment method',
  status: 'Status',
  payment: 'Payment',
  product: 'Product',
  billing: 'Billing',
  started: 'Started',
  expires: 'Expires',
  items: 'Items',
  item: 'Item',
  qty: 'Qty',
  price: 'Price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  backToShop: 'Back to the shop',
  viewOrder: 'View your order',
  signOut: 'Sign out',
  every: { day: 'every day', week: 'every week', month: 'every month', year: 'every year' } as Record<string, string>,
  freeTrial: (days: number) => `${days}-day free trial`,
  pendingTitle: 'We are confirming your payment',
  pendingText: 'This usually takes a few seconds. This page updates by itself; you can also leave it, nothing is lost.',
  pendingSlow: 'This is taking longer than usual. Check again in a moment, or come back later: nothing is lost.',
  checkAgain: 'Check again',
  receivedTitle: 'Payment received',
  receivedText: 'Thank you. Your order is confirmed.',
  statuses: {
    success: 'Paid',
    paid: 'Paid',
    pending: 'Pending',
    processing: 'Processing',
    failed: 'Failed',
    canceled: 'Cancelled',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    open: 'In progress',
    complete: 'Completed',
    expired: 'Expired',
    unpaid: 'Not paid yet',
    no_payment_required: 'No payment needed',
    CARD: 'Card',
  } as Record<string, string>,
  home: ['Your orders', 'Open the link to an order or a checkout from the shop to see it here.'],
  notSignedIn: ['Not signed in', 'You are not signed in, or your sign-in has expired. Open the link from the shop again.'],
  notFound: ['Not found', 'There is nothing here for you. Check the link, or sign in again from the shop.'],
  tooMany: ['Too many requests', 'Please wait a minute and reload.'],
  unavailable: ['Temporarily unavailable', 'The order service could not be reached. Please try again shortly. Reference:'],
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
  order: 'Bestellung',
  checkout: 'Bezahlvorgang',
  yourOrder: 'Ihre Bestellung',
  orderNumber: 'Bestellnummer',
  placed: 'Bestellt am',
  paymentMethod: 'Zahlungsart',
  status: 'Status',
  payment: 'Zahlung',
  product: 'Produkt',
  billing: 'Abrechnung',
  started: 'Begonnen',
  expires: 'Gültig bis',
  items: 'Artikel',
  item: 'Artikel',
  qty: 'Menge',
  price: 'Preis',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  total: 'Gesamt',
  backToShop: 'Zurück zum Shop',
  viewOrder: 'Zur Bestellung',
  signOut: 'Abmelden',
  every: { day: 'täglich', week: 'wöchentlich', month: 'monatlich', year: 'jährlich' },
  freeTrial: (days) => `${days} Tage kostenlos testen`,
  pendingTitle: 'Wir bestätigen Ihre Zahlung',
  pendingText: 'Das dauert meist nur wenige Sekunden. Diese Seite aktualisiert sich von selbst; Sie können sie auch verlassen, es geht nichts verloren.',
  pendingSlow: 'Das dauert länger als üblich. Prüfen Sie gleich noch einmal oder kommen Sie später wieder – es geht nichts verloren.',
  checkAgain: 'Erneut prüfen',
  receivedTitle: 'Zahlung eingegangen',
  receivedText: 'Vielen Dank. Ihre Bestellung ist bestätigt.',
  statuses: {
    success: 'Bezahlt',
    paid: 'Bezahlt',
    pending: 'Ausstehend',
    processing: 'In Bearbeitung',
    failed: 'Fehlgeschlagen',
    canceled: 'Storniert',
    cancelled: 'Storniert',
    refunded: 'Erstattet',
    open: 'In Bearbeitung',
    complete: 'Abgeschlossen',
    expired: 'Abgelaufen',
    unpaid: 'Noch nicht bezahlt',
    no_payment_required: 'Keine Zahlung nötig',
    CARD: 'Karte',
  },
  home: ['Ihre Bestellungen', 'Öffnen Sie den Link zu einer Bestellung oder einem Bezahlvorgang aus dem Shop, um ihn hier zu sehen.'],
  notSignedIn: ['Nicht angemeldet', 'Sie sind nicht angemeldet, oder Ihre Anmeldung ist abgelaufen. Öffnen Sie den Link aus dem Shop erneut.'],
  notFound: ['Nicht gefunden', 'Hier gibt es nichts für Sie. Prüfen Sie den Link, oder melden Sie sich im Shop erneut an.'],
  tooMany: ['Zu viele Anfragen', 'Bitte warten Sie eine Minute und laden Sie die Seite neu.'],
  unavailable: ['Vorübergehend nicht verfügbar', 'Der Bestelldienst war nicht erreichbar. Bitte versuchen Sie es gleich noch einmal. Referenz:'],
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
  order: 'Commande',
  checkout: 'Paiement',
  yourOrder: 'Votre commande',
  orderNumber: 'Numéro de commande',
  placed: 'Passée le',
  paymentMethod: 'Moyen de paiement',
  status: 'Statut',
  payment: 'Paiement',
  product: 'Produit',
  billing: 'Facturation',
  started: 'Commencé le',
  expires: 'Expire le',
  items: 'Articles',
  item: 'Article',
  qty: 'Qté',
  price: 'Prix',
  amount: 'Montant',
  subtotal: 'Sous-total',
  total: 'Total',
  backToShop: 'Retour à la boutique',
  viewOrder: 'Voir votre commande',
  signOut: 'Se déconnecter',
  every: { day: 'chaque jour', week: 'chaque semaine', month: 'chaque mois', year: 'chaque année' },
  freeTrial: (days) => `essai gratuit de ${days} jours`,
  pendingTitle: 'Nous confirmons votre paiement',
  pendingText: 'Cela prend généralement quelques secondes. Cette page se met à jour toute seule ; vous pouvez aussi la quitter, rien n’est perdu.',
  pendingSlow: 'Cela prend plus de temps que d’habitude. Vérifiez à nouveau dans un instant, ou revenez plus tard : rien n’est perdu.',
  checkAgain: 'Vérifier à nouveau',
  receivedTitle: 'Paiement reçu',
  receivedText: 'Merci. Votre commande est confirmée.',
  statuses: {
    success: 'Payée',
    paid: 'Payé',
    pending: 'En attente',
    processing: 'En cours de traitement',
    failed: 'Échoué',
    canceled: 'Annulée',
    cancelled: 'Annulée',
    refunded: 'Remboursée',
    open: 'En cours',
    complete: 'Terminé',
    expired: 'Expiré',
    unpaid: 'Pas encore payé',
    no_payment_required: 'Aucun paiement requis',
    CARD: 'Carte',
  },
  home: ['Vos commandes', 'Ouvrez le lien d’une commande ou d’un paiement depuis la boutique pour le voir ici.'],
  notSignedIn: ['Non connecté', 'Vous n’êtes pas connecté, ou votre connexion a expiré. Ouvrez à nouveau le lien depuis la boutique.'],
  notFound: ['Introuvable', 'Il n’y a rien ici pour vous. Vérifiez le lien, ou reconnectez-vous depuis la boutique.'],
  tooMany: ['Trop de requêtes', 'Veuillez patienter une minute puis recharger la page.'],
  unavailable: ['Temporairement indisponible', 'Le service de commandes est injoignable. Veuillez réessayer dans un instant. Référence :'],
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
  order: 'Pedido',
  checkout: 'Pago',
  yourOrder: 'Su pedido',
  orderNumber: 'Número de pedido',
  placed: 'Realizado el',
  paymentMethod: 'Método de pago',
  status: 'Estado',
  payment: 'Pago',
  product: 'Producto',
  billing: 'Facturación',
  started: 'Iniciado',
  expires: 'Caduca',
  items: 'Artículos',
  item: 'Artículo',
  qty: 'Cant.',
  price: 'Precio',
  amount: 'Importe',
  subtotal: 'Subtotal',
  total: 'Total',
  backToShop: 'Volver a la tienda',
  viewOrder: 'Ver su pedido',
  signOut: 'Cerrar sesión',
  every: { day: 'cada día', week: 'cada semana', month: 'cada mes', year: 'cada año' },
  freeTrial: (days) => `prueba gratuita de ${days} días`,
  pendingTitle: 'Estamos confirmando su pago',
  pendingText: 'Suele tardar unos segundos. Esta página se actualiza sola; también puede cerrarla, no se pierde nada.',
  pendingSlow: 'Está tardando más de lo habitual. Compruébelo de nuevo en un momento o vuelva más tarde: no se pierde nada.',
  checkAgain: 'Comprobar de nuevo',
  receivedTitle: 'Pago recibido',
  receivedText: 'Gracias. Su pedido está confirmado.',
  statuses: {
    success: 'Pagado',
    paid: 'Pagado',
    pending: 'Pendiente',
    processing: 'En proceso',
    failed: 'Fallido',
    canceled: 'Cancelado',
    cancelled: 'Cancelado',
    refunded: 'Reembolsado',
    open: 'En curso',
    complete: 'Completado',
    expired: 'Caducado',
    unpaid: 'Aún no pagado',
    no_payment_required: 'No requiere pago',
    CARD: 'Tarjeta',
  },
  home: ['Sus pedidos', 'Abra el enlace de un pedido o de un pago desde la tienda para verlo aquí.'],
  notSignedIn: ['Sesión no iniciada', 'No ha iniciado sesión o su sesión ha caducado. Abra de nuevo el enlace desde la tienda.'],
  notFound: ['No encontrado', 'Aquí no hay nada para usted. Compruebe el enlace o vuelva a iniciar sesión desde la tienda.'],
  tooMany: ['Demasiadas solicitudes', 'Espere un minuto y vuelva a cargar la página.'],
  unavailable: ['No disponible temporalmente', 'No se pudo contactar con el servicio de pedidos. Inténtelo de nuevo en breve. Referencia:'],
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

/** An enum value in the reader's words, or the value itself when it is not a known one. */
export function inWords(value: string | null | undefined, t: Messages): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return Object.hasOwn(t.statuses, value) ? t.statuses[value] : value;
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
    linkTooLarge: ['Sign-in link too long', 'This sign-in link carries more than a browser can keep, so it cannot sign you in. Please tell the shop.'],
  },
  de: {
    linkExpired: ['Anmeldelink abgelaufen', 'Dieser Anmeldelink ist abgelaufen. Öffnen Sie Ihre Bestellung erneut aus dem Shop, um einen neuen zu erhalten.'],
    linkTooLongLived: (limit) => [
      'Anmeldelink abgelaufen',
      `Dieser Anmeldelink sollte länger gelten, als diese Website zulässt (höchstens ${limit}), und gilt daher als abgelaufen. Öffnen Sie Ihre Bestellung erneut aus dem Shop, um einen neuen zu erhalten.`,
    ],
    linkTooLarge: ['Anmeldelink zu lang', 'Dieser Anmeldelink enthält mehr, als ein Browser speichern kann, und kann Sie daher nicht anmelden. Bitte informieren Sie den Shop.'],
  },
  fr: {
    linkExpired: ['Lien de connexion expiré', 'Ce lien de connexion a expiré. Ouvrez à nouveau votre commande depuis la boutique pour en obtenir un nouveau.'],
    linkTooLongLived: (limit) => [
      'Lien de connexion expiré',
      `Ce lien de connexion devait rester valable plus longtemps que ce site ne l’accepte (au plus ${limit}) ; il est donc considéré comme expiré. Ouvrez à nouveau votre commande depuis la boutique pour en obtenir un nouveau.`,
    ],
    linkTooLarge: ['Lien de connexion trop long', 'Ce lien de connexion contient plus qu’un navigateur ne peut conserver ; il ne peut donc pas vous connecter. Merci de prévenir la boutique.'],
  },
  es: {
    linkExpired: ['Enlace de inicio de sesión caducado', 'Este enlace de inicio de sesión ha caducado. Abra de nuevo su pedido desde la tienda para obtener uno nuevo.'],
    linkTooLongLived: (limit) => [
      'Enlace de inicio de sesión caducado',
      `Este enlace de inicio de sesión se creó para durar más de lo que este sitio acepta (como máximo ${limit}), por lo que se considera caducado. Abra de nuevo su pedido desde la tienda para obtener uno nuevo.`,
    ],
    linkTooLarge: ['Enlace de inicio de sesión demasiado largo', 'Este enlace de inicio de sesión contiene más de lo que un navegador puede guardar, por lo que no puede iniciar su sesión. Avise a la tienda, por favor.'],
  },
};

/** The sign-in refusals in the reader's language. */
export function signInWords(reader: Reader): SignInWords {
  return SIGN_IN_WORDS[reader.language];
}
