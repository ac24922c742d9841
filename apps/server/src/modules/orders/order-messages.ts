// Texts of the order calls: French for the customer's calls, English for the admin's.
import { REFERENCE_IMAGE_REQUIRED } from '@shop/domain/form-schemas';
import { COMMUNE_MESSAGES, wilayaNumber } from '@shop/domain/geo/communes';
import { CUSTOMER_MESSAGES } from '@shop/domain/customer-fields';
import { UNKNOWN_WILAYA } from '@shop/domain/wilaya';
export const ORDER_MESSAGES = {
  created: 'Commande créée avec succès',
  customCreated: 'Votre commande personnalisée a été créée avec succès',
  pricesChanged: 'Les prix ont changé, veuillez vérifier le nouveau total',
  stockShort: 'Stock insuffisant pour certains articles',
  totalTooLarge: 'Le montant de la commande est trop élevé',
  productNotFound: 'Produit introuvable',
  sizeRequired: 'Veuillez sélectionner une taille',
  sizeInvalid: 'Taille invalide pour certains articles',
  sizeNotExpected: "Ce produit n'a pas de taille",
  // A line's colour (ADR 036), refused as its size is.
  colorRequired: 'Veuillez sélectionner une couleur',
  colorInvalid: 'Couleur invalide pour certains articles',
  colorNotExpected: "Ce produit n'a pas de couleur",
  couponUnusable: 'Code promo invalide ou expiré',
  // A custom order's refusals are said to the desk too (a lead's Create order, issue 31): in English there.
  clothingTypeNotFound: { fr: 'Type de vêtement introuvable', en: 'This custom item is not offered' },
  clothingSizeRequired: { fr: 'La taille est requise', en: 'Choose the size' },
  clothingSizeInvalid: { fr: "Cette taille n'est pas disponible", en: 'This size is not offered for this item' },
  clothingColorInvalid: { fr: "Cette couleur n'est pas disponible", en: 'This colour is not offered for this item' },
  imageRequired: {
    fr: REFERENCE_IMAGE_REQUIRED,
    en: 'At least one reference picture is needed (the front for a cup)',
  },
  tooManyLines: (max: number) => `Une commande compte au plus ${max} articles différents`,
  tooManyUnits: (max: number) => `Au plus ${max} unités par article`,
  // Where the parcel goes: said to the desk too (a lead's Create order, an order's correction), in English there.
  wilayaRequired: { fr: CUSTOMER_MESSAGES.wilayaRequired, en: 'Choose the wilaya the parcel goes to' },
  unknownWilaya: { fr: UNKNOWN_WILAYA, en: 'The shop does not deliver to this wilaya' },
  communeRequired: { fr: COMMUNE_MESSAGES.required, en: 'Choose the commune (the stop desk’s, for a stop desk)' },
  communeNotInWilaya: (wilaya: string) => ({
    fr: COMMUNE_MESSAGES.notInWilaya(wilaya),
    en: `This commune is not in the wilaya ${wilaya}`,
  }),
  communeMovedTo: (commune: string, code: number, wilaya: string) => ({
    fr: COMMUNE_MESSAGES.movedTo(commune, code, wilaya),
    en: `${commune} is now in the wilaya ${wilayaNumber(code)} - ${wilaya}: choose that wilaya`,
  }),
  noStopDesk: (wilaya: string) => ({
    fr: `Pas de point relais (stop desk) dans la wilaya ${wilaya} : choisissez la livraison à domicile`,
    en: `There is no stop desk in the wilaya ${wilaya}: choose home delivery`,
  }),
  frontImageRequired: "L'image de face est requise pour une tasse",
  idempotencyKeyInvalid: 'En-tête Idempotency-Key invalide (16 à 100 lettres, chiffres, - ou _)',
  idempotencyKeyReused: 'Cette clé Idempotency-Key a déjà servi pour une autre commande',
  // admin
  orderNotFound: 'Order not found',
  statusUpdated: 'Order status updated',
  statusUnchanged: 'Order status unchanged',
  reopenShort: 'Not enough stock to reopen this order',
  reopenNeedsSize: (names: string) =>
    `${names}: sold by size since this order was placed, and its line has no size. The order cannot be reopened: place a new one with a size`,
  notPutBackVariant: (lines: string) =>
    `Not put back in stock: ${lines} (this colour and size is no longer sold: its colour was removed or the sizes changed since this order was placed). Add the units in the product's form`,
  notPutBack: (lines: string) =>
    `Not put back in stock: ${lines} (sold by size since this order was placed, and the line has no size). Add the units to a size in the product's form`,
  reopenCouponUsedUp: 'The coupon of this order has no use left: it cannot be reopened',
  returnOnlyFromShipping: 'Only an order being shipped can be marked returned',
  returnedIsFinal: 'A returned order can only go back to shipping, and not once it is received',
  moveNotAllowed: 'This order cannot move to that status',
  releaseShort: 'Not enough stock to confirm this order (it was held, so its units were not taken when placed)',
  undoShort: 'Not enough stock to undo: the units this order gave back have been sold since',
  nothingToUndo: 'Nothing to undo: the order has moved on since its last call',
  parcelExists: (courier: string, tracking: string) =>
    `This order has a parcel at ${courier} (${tracking}): it can only be cancelled by cancelling the parcel at ${courier}, which cannot be done from here. Cancel it there, or mark the order returned when the parcel comes back.`,
  parcelCancelRefused: (courier: string, tracking: string, reason: string) =>
    `${courier} did not cancel parcel ${tracking} (${reason}): a parcel can be cancelled only before it is picked up. The order is unchanged; mark it returned when the parcel comes back.`,
  parcelCancelUnreachable: (courier: string, reason: string) =>
    `Could not ask ${courier} to cancel the parcel (${reason}): the order is unchanged, try again in a moment`,
  paymentTooLarge: (due: number) => `More than what is left to pay (${due} Da)`,
  paymentNotFound: 'Payment not found',
  paymentOnCancelled: 'A cancelled order takes no payment',
  paymentAfterParcel: (courier: string) =>
    `The order is with ${courier}: its parcel already says what to collect, so payments can no longer change here`,
  notReturned: 'This order is not a return waiting to be received',
  notEditable: 'Only orders not shipped yet (pending or approved) can be changed',
  callOnlyBeforeShipping: 'A confirmation call is recorded only for pending or approved orders',
  itemsOfCustom: 'A custom order has no lines to change',
  noteAdded: 'Note added',
  callUndone: 'Last call outcome undone',
  paymentRecorded: 'Payment recorded',
  paymentRemoved: 'Payment removed',
  confirmationSaved: 'Call outcome saved',
  orderChanged: 'Order changed',
  returnReceived: 'Return received: its stock is back',
  blacklisted: 'Phone blacklisted',
  unblacklisted: 'Phone removed from the blacklist',
  notBlacklisted: 'This phone is not on the blacklist',
  // customer, neutral: a blacklisted phone is not told why.
  phoneRefused: 'Nous ne pouvons pas prendre cette commande en ligne. Appelez-nous pour commander.',
  trackingNotFound: 'Commande introuvable',
} as const;
