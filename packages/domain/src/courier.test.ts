import { describe, expect, it } from 'vitest';
import { idListSchema, orderStatusForCourier } from './courier.ts';

describe("a courier's parcel status for the order", () => {
  it.each([
    ['Livré', 'successful'],
    ['livre', 'successful'],
    ['Retourné au vendeur', 'returned'],
    ['Retour vers vendeur', 'returned'],
    ['Retour à retirer', 'returned'],
    ['Echèc livraison', 'returned'],
    ['Echange échoué', 'returned'],
    ['Annulé', 'cancelled'],
    ['En préparation', 'shipping'],
    ['Expédié', 'shipping'],
    ['Vers Wilaya', 'shipping'],
    ['Sorti en livraison', 'shipping'],
    ['Tentative échouée', 'shipping'],
    ['  EN  ATTENTE du client ', 'shipping'],
  ])('%s → %s', (courier, order) => {
    expect(orderStatusForCourier(courier)).toBe(order);
  });

  it('says nothing of a status it does not know', () => {
    expect(orderStatusForCourier('Statut inconnu')).toBeNull();
    expect(orderStatusForCourier('')).toBeNull();
    expect(orderStatusForCourier(null)).toBeNull();
  });
});

describe('a list of order numbers in a query', () => {
  it('reads "1, 2,2,3" once each', () => {
    expect(idListSchema.parse('1, 2,2,3')).toEqual([1, 2, 3]);
  });
  it.each(['', 'a', '1,-2', '1.5', '0', '99999999999'])('refuses %j', (text) => {
    expect(idListSchema.safeParse(text).success).toBe(false);
  });
});
