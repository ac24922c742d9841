// Texts of the order calls: French for the customer's calls, English for the admin's.
import { REFERENCE_IMAGE_REQUIRED } from '@shop/domain/form-schemas';
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
  couponUnusable: 'Code promo invalide ou expiré',
  clothingTypeNotFound: 'Type de vêtement introuvable',
  clothingSizeRequired: 'La taille est requise',
  clothingSizeInvalid: "Cette taille n'est pas disponible",
  colorInvalid: "Cette couleur n'est pas disponible",
  imageRequired: REFERENCE_IMAGE_REQUIRED,
  tooManyLines: (max: number) => `Une commande compte au plus ${max} articles différents`,
  tooManyUnits: (max: number) => `Au plus ${max} unités par article`,
  frontImageRequired: "L'image de face est requise pour une tasse",
  // admin
  orderNotFound: 'Order not found',
  statusUpdated: 'Order status updated',
  statusUnchanged: 'Order status unchanged',
  reopenShort: 'Not enough stock to reopen this order',
  reopenCouponUsedUp: 'The coupon of this order has no use left: it cannot be reopened',
} as const;
