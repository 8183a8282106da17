import { PAYMENT_BRANDS } from './en.js';
import type { Messages } from './index.js';

// Every word of the pages in French.
export const fr = {
  order: 'Commande',
  checkout: 'Paiement',
  yourOrder: 'Votre commande',
  yourCheckout: 'Votre paiement',
  quoteNumber: 'Numéro de commande (à indiquer à la boutique)',
  quoteReference: 'Référence (à indiquer à la boutique)',
  serviceRef: 'Référence auprès du service de paiement',
  placed: 'Passée le',
  paymentMethod: 'Moyen de paiement',
  otherMethod: 'Autre moyen de paiement',
  methods: { CARD: 'Carte', BANK_TRANSFER: 'Virement', SEPA_DEBIT: 'Prélèvement SEPA', ...PAYMENT_BRANDS },
  product: 'Produit',
  billing: 'Facturation',
  every: { day: 'chaque jour', week: 'chaque semaine', month: 'chaque mois', year: 'chaque année' },
  freeTrial: { one: 'essai gratuit de # jour', other: 'essai gratuit de # jours' },
  started: 'Commencé le',
  expires: 'Expire le',
  items: { one: '# article', other: '# articles' },
  item: 'Article',
  qty: 'Qté',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  subtotal: 'Sous-total',
  total: 'Total',
  timesIn: (zone) => `Heures indiquées en ${zone}.`,
  currencyNote: (from, to) => `Les prix sont en ${from} ; le total est débité en ${to}.`,
  rateNote: (from, to, rate) => `Taux de change : 1 ${from} = ${rate} ${to}.`,
  moreThanItems: 'Le total comprend des frais en plus des articles, comme la livraison ou les taxes.',
  lessThanItems: 'Le total comprend une remise.',
  mixedCurrencies: (codes) =>
    `Les articles sont facturés dans plusieurs devises (${codes}) ; cette page ne les additionne donc pas. Le total est le montant débité par le service de paiement.`,
  itemsInOtherCurrency: (items, subtotal) =>
    `Les articles sont facturés en ${items} et le sous-total en ${subtotal} ; cette page ne les additionne donc pas. Le total est le montant débité par le service de paiement.`,
  itemsNotSubtotal: (sum, subtotal) =>
    `Les articles totalisent ${sum}, mais le sous-total est de ${subtotal}. La boutique peut expliquer la différence.`,
  itemsNotTotal: (sum, total) => `Les articles totalisent ${sum}, mais le total est de ${total}. La boutique peut expliquer la différence.`,
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
  checkoutDoneNoOrder: [
    'Paiement effectué',
    'Votre paiement est passé. La boutique crée encore votre commande, elle n’est donc pas encore disponible. Vérifiez de nouveau dans quelques minutes ; si elle n’apparaît pas, contactez la boutique en citant la référence ci-dessous.',
  ],
  confirming: [
    'Nous confirmons votre paiement',
    'Cela prend généralement quelques secondes. Vous pouvez rester sur cette page ou la quitter : rien n’est perdu.',
  ],
  unpaid: ['Pas encore payé', 'Ce paiement est encore ouvert et rien n’a été débité. Pour payer, retournez à la boutique.'],
  openUntil: (time) => `Il reste ouvert jusqu’au ${time}.`,
  expired: ['Paiement expiré', 'Ce paiement a pris fin avant d’être réglé, rien n’a donc été débité. Pour acheter, recommencez dans la boutique.'],
  expiredPaid: [
    'Paiement expiré après règlement',
    'Ce paiement a expiré, mais le service de paiement indique qu’il a été réglé. Conservez votre reçu et contactez la boutique en indiquant la référence ci-dessous.',
  ],
  expiredProcessing: [
    'Paiement expiré pendant le traitement',
    'Ce paiement a expiré alors que le service de paiement le traitait encore ; vous avez peut-être été débité. Conservez votre reçu et contactez la boutique en indiquant la référence ci-dessous.',
  ],
  expiredUnknown: [
    'Paiement expiré',
    'Ce paiement a pris fin. Cette page ne peut pas dire si un paiement a été effectué : si vous avez été débité, conservez votre reçu et contactez la boutique en indiquant la référence ci-dessous.',
  ],
  expiredAt: (time) => `Il a expiré le ${time}.`,
  unknownCheckout: ['Statut non affiché ici', 'Cette page ne peut pas afficher le statut de ce paiement. La boutique peut vous renseigner.'],
  checking: 'Cette page vérifie pour vous en arrière-plan.',
  checkByHand: 'Cette page ne se met pas à jour d’elle-même. Utilisez « Vérifier à nouveau » pour voir le dernier statut.',
  stopped: 'Nous avons arrêté de vérifier après deux minutes. Vérifiez à nouveau, ou revenez plus tard : rien n’est perdu.',
  opening: 'Paiement reçu. Ouverture de votre commande…',
  changed: 'Le statut a changé. Chargement…',
  backToShop: 'Retour à la boutique',
  viewOrder: 'Voir votre commande',
  checkAgain: 'Vérifier à nouveau',
  tryAgain: 'Réessayer',
  signOut: 'Se déconnecter',
  home: ['Vos commandes', 'Ouvrez le lien d’une commande ou d’un paiement depuis la boutique pour le voir ici.'],
  signedInAs: (id) => `Vous êtes connecté en tant que client ${id}.`,
  howToReach:
    'Pour voir une commande, ouvrez son lien dans votre confirmation de commande ou dans la boutique. Le service de commandes ne tient pas de liste de vos commandes ; aucune n’est donc listée ici.',
  notSignedIn: [
    'Non connecté',
    'Vous n’êtes pas connecté, ou votre connexion a pris fin. Ouvrez à nouveau le lien depuis la boutique, ou demandez-lui un nouveau lien.',
  ],
  notFound: ['Introuvable', 'Il n’y a rien ici pour vous. Vérifiez le lien, ou reconnectez-vous depuis la boutique.'],
  tooMany: ['Trop de requêtes', 'Veuillez patienter une minute puis recharger la page.'],
  failedUpstream: [
    'Erreur du service de commandes',
    'Le service de commandes a répondu par une erreur : cette page ne peut pas s’afficher pour le moment. Rien n’a changé dans votre commande. Réessayez dans un instant.',
  ],
  timedOut: [
    'Service de commandes trop lent',
    'Le service de commandes n’a pas répondu à temps : cette page ne peut pas s’afficher pour le moment. Rien n’a changé dans votre commande. Réessayez dans un instant.',
  ],
  reference: 'Référence',
  signIn: ['Connexion', 'Vous avez ouvert un lien de connexion de la boutique. Continuez pour voir votre commande.'],
  signInSwitch: 'Un autre client est connecté dans ce navigateur ; en continuant, vous serez connecté avec ce lien.',
  continue: 'Continuer',
  signInFailed: {
    everywhere: [
      'Échec de la connexion',
      'Ce lien de connexion est invalide, expiré ou annulé par une déconnexion. Demandez-en un nouveau à la boutique.',
    ],
    thisBrowser: ['Échec de la connexion', 'Ce lien de connexion est invalide ou a expiré. Ouvrez-le à nouveau depuis la boutique.'],
  },
  linkRefused: ['Lien refusé', 'Ce lien de connexion mène à un autre site ; il n’a donc pas été suivi.'],
  requestRefused: ['Requête refusée', 'Ce formulaire n’a pas été envoyé depuis ce site ; rien n’a été modifié.'],
  signOutText: {
    everywhere: 'Se déconnecter sur tous les appareils ? Les liens déjà reçus ne fonctionneront plus.',
    thisBrowser: 'Se déconnecter de vos commandes dans ce navigateur ?',
  },
  signedOut: {
    everywhere: [
      'Déconnecté',
      'Vous êtes déconnecté sur tous les appareils ; les liens déjà reçus ne fonctionnent plus. Demandez un nouveau lien à la boutique.',
    ],
    thisBrowser: ['Déconnecté', 'Vous êtes déconnecté dans ce navigateur. Ouvrez un lien de la boutique pour vous reconnecter.'],
  },
  signedOutHereOnly: [
    'Déconnecté ici',
    'Vous êtes déconnecté dans ce navigateur, mais d’autres appareils sont peut-être encore connectés, et vos liens fonctionnent peut-être encore.',
  ],
  notSignedInToSignOut: [
    'Non connecté',
    'Vous n’étiez pas connecté dans ce navigateur, donc rien n’a changé : vos autres appareils et vos liens restent tels quels. Pour vous déconnecter partout, connectez-vous avec un lien de la boutique, puis déconnectez-vous.',
  ],
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
} satisfies Messages;
