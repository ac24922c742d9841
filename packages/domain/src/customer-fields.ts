// Limits and French messages of what a customer types (checkout, custom order, reviews), shared
// by the pages and the server so both refuse the same thing with the same words.

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_ADDRESS_MAX = 500;
export const REVIEW_MAX = 2000;

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Le nom complet est requis',
  nameTooLong: `Le nom complet ne doit pas dépasser ${CUSTOMER_NAME_MAX} caractères`,
  // A name or address is checked by typed-text.ts: no control or direction characters, something visible.
  nameCharacters: 'Le nom complet contient des caractères non autorisés',
  nameLetters: 'Le nom complet doit contenir des lettres',
  addressRequired: "L'adresse est requise",
  addressTooLong: `L'adresse ne doit pas dépasser ${CUSTOMER_ADDRESS_MAX} caractères`,
  addressCharacters: "L'adresse contient des caractères non autorisés",
  wilayaRequired: 'La wilaya est requise',
  deliveryRequired: 'Choisissez un mode de livraison',
  communeRequired: 'La commune est requise',
  zipRequired: 'Le code postal est requis',
  zipInvalid: 'Le code postal doit contenir 5 chiffres',
} as const;

export const REVIEW_MESSAGES = {
  nameRequired: 'Le nom est requis',
  nameTooLong: `Le nom ne doit pas dépasser ${CUSTOMER_NAME_MAX} caractères`,
  nameCharacters: 'Le nom contient des caractères non autorisés',
  nameLetters: 'Le nom doit contenir des lettres',
  reviewRequired: 'Votre avis est requis',
  tooLong: `Votre avis ne doit pas dépasser ${REVIEW_MAX} caractères`,
  reviewCharacters: 'Votre avis contient des caractères non autorisés',
  stars: 'La note doit être entre 1 et 5',
  orderNumber: 'Numéro de commande invalide',
} as const;

/** The checks of a customer's name, address and review (typed-text.ts's rule with these messages). */
export const CUSTOMER_NAME_TEXT = {
  required: CUSTOMER_MESSAGES.nameRequired,
  tooLong: CUSTOMER_MESSAGES.nameTooLong,
  characters: CUSTOMER_MESSAGES.nameCharacters,
  letters: CUSTOMER_MESSAGES.nameLetters,
};
export const CUSTOMER_ADDRESS_TEXT = {
  required: CUSTOMER_MESSAGES.addressRequired,
  tooLong: CUSTOMER_MESSAGES.addressTooLong,
  characters: CUSTOMER_MESSAGES.addressCharacters,
};
export const REVIEWER_NAME_TEXT = {
  required: REVIEW_MESSAGES.nameRequired,
  tooLong: REVIEW_MESSAGES.nameTooLong,
  characters: REVIEW_MESSAGES.nameCharacters,
  letters: REVIEW_MESSAGES.nameLetters,
};
export const REVIEW_TEXT = {
  required: REVIEW_MESSAGES.reviewRequired,
  tooLong: REVIEW_MESSAGES.tooLong,
  characters: REVIEW_MESSAGES.reviewCharacters,
};
