// Every French text of the order tracking page (/suivi, issue 15), in one place for review.
import type { TrackingStep } from '@shop/domain/order-responses';

export const texts = {
  breadcrumb: 'Suivi de commande',
  title: 'Suivre ma commande',
  intro:
    'Entrez le numéro de votre commande (il figure sur la page de remerciement, ex. #1234) et le téléphone donné en commandant.',
  orderNumber: 'Numéro de commande',
  orderNumberPlaceholder: 'ex. 1234',
  phone: 'Téléphone',
  phonePlaceholder: '0555 12 34 56',
  phoneHelp: 'Le numéro donné lors de la commande.',
  submit: 'Suivre',
  searching: 'Recherche…',
  loading: 'Recherche de votre commande…',
  order: (n: number) => `Commande #${n}`,
  status: 'Statut :',
  timeline: 'Étapes de la commande',
  next: 'Prochaine étape',
  carrierNumber: 'Numéro de suivi du transporteur',
  copy: 'Copier',
  copyNumber: 'Copier le numéro de suivi',
  copied: 'Numéro de suivi copié !',
  items: 'Articles',
  size: (size: string) => `Taille ${size}`,
  quantity: (n: number) => `× ${n}`,
  total: 'Total',
  wilaya: 'Livraison à',
  found: (n: number, step: string) => `Commande #${n} trouvée : ${step}.`,
  notFoundTitle: 'Commande introuvable',
  notFound:
    'Aucune commande ne correspond à ce numéro et à ce téléphone. Vérifiez le numéro de commande (ex. #1234, sur la page de remerciement) et le téléphone donné en commandant.',
  tooManyTitle: 'Trop de recherches',
  tooMany: 'Vous avez fait beaucoup de recherches en peu de temps. Patientez quelques minutes, puis réessayez.',
  refusedTitle: 'Recherche impossible',
  networkTitle: 'Impossible de joindre la boutique',
  network: 'Vérifiez votre connexion internet, puis réessayez.',
  retry: 'Réessayer',
  helpTitle: 'Une question sur votre commande\u00a0?',
  help: (n: number | null) =>
    n
      ? `Appelez-nous ou écrivez-nous sur WhatsApp en donnant le numéro #${n}.`
      : 'Appelez-nous ou écrivez-nous sur WhatsApp.',
  call: (phone: string) => `Appeler le ${phone}`,
  whatsapp: 'Écrire sur WhatsApp',
  whatsappQuestion: (n: number | null) =>
    n ? `Bonjour, j’ai une question sur ma commande #${n}.` : 'Bonjour, j’ai une question sur ma commande.',
  whatsappNotFound: (n: number) => `Bonjour, je ne trouve pas ma commande #${n} sur la page de suivi.`,
} as const;

/** The steps as the customer reads them. */
export const STEP_LABELS: Record<TrackingStep, string> = {
  received: 'Commande reçue',
  confirmed: 'Confirmée',
  shipping: 'Expédiée',
  successful: 'Livrée',
  returned: 'Retournée',
  cancelled: 'Annulée',
};

/** What the next expected step means for the customer, shown under it (greyed). */
export const NEXT_STEP_HINTS: Partial<Record<TrackingStep, string>> = {
  confirmed: 'Nous vous appelons pour confirmer la commande avant l’envoi.',
  shipping: 'Votre commande est préparée puis remise au transporteur.',
  successful: 'Le livreur vous appelle avant de passer ; vous payez à la réception.',
};

/** A word on an order that ended without delivery. */
export const END_NOTES: Partial<Record<TrackingStep, string>> = {
  cancelled: 'Cette commande a été annulée. Une question\u00a0? Contactez-nous ci-dessous.',
  returned: 'Le colis nous est revenu sans être livré. Contactez-nous pour le recevoir à nouveau.',
};
