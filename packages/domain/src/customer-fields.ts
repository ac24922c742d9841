// Limits and French messages of what a customer types (checkout, custom order, reviews), shared
// by the pages and the server so both refuse the same thing with the same words.

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_ADDRESS_MAX = 500;
export const REVIEW_MAX = 2000;

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Le nom complet est requis',
  nameTooLong: `Le nom complet ne doit pas dépasser ${CUSTOMER_NAME_MAX} caractères`,
  addressRequired: "L'adresse est requise",
  addressTooLong: `L'adresse ne doit pas dépasser ${CUSTOMER_ADDRESS_MAX} caractères`,
  wilayaRequired: 'La wilaya est requise',
  deliveryRequired: 'Choisissez un mode de livraison',
  communeRequired: 'La commune est requise',
  zipRequired: 'Le code postal est requis',
  zipInvalid: 'Le code postal doit contenir 5 chiffres',
} as const;

export const REVIEW_MESSAGES = {
  nameRequired: 'Le nom est requis',
  nameTooLong: `Le nom ne doit pas dépasser ${CUSTOMER_NAME_MAX} caractères`,
  reviewRequired: 'Votre avis est requis',
  tooLong: `Votre avis ne doit pas dépasser ${REVIEW_MAX} caractères`,
  stars: 'La note doit être entre 1 et 5',
  orderNumber: 'Numéro de commande invalide',
} as const;
