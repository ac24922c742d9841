import { describe, expect, it } from 'vitest';
import { idListSchema } from './courier.ts';
import { courierStatusMeaning, orderStatusForCourier } from './courier-statuses.ts';

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

describe("each courier's statuses, read with its own table", () => {
  it.each([
    ['ecotrack', 'prete_a_expedier', 'created', false],
    ['ecotrack', 'en_livraison', 'transit', false],
    ['ecotrack', 'livre_non_encaisse', 'delivered', false],
    ['ecotrack', 'paye_et_archive', 'delivered', true],
    ['ecotrack', 'paiement_archived', 'delivered', true],
    ['ecotrack', 'retours_recu', 'returned', false],
    ['ecotrack', 'annule', 'cancelled', false],
    ['zr_express', 'commande_recue', 'created', false],
    ['zr_express', 'sortie_en_livraison', 'transit', false],
    ['zr_express', 'livre', 'delivered', false],
    ['zr_express', 'recouvert', 'delivered', true],
    ['zr_express', 'recupere_par_fournisseur', 'returned', false],
    ['noest', 'upload', 'created', false],
    ['noest', 'fdr_activated', 'transit', false],
    ['noest', 'livred', 'delivered', false],
    ['noest', 'verssement_admin_cust', 'delivered', true],
    ['noest', 'return_asked_by_hub', 'returned', false],
    ['yalidine', 'En préparation', 'created', false],
    ['yalidine', 'Sorti en livraison', 'transit', false],
  ])('%s: %s → %s (paid %s)', (courier, status, phase, paid) => {
    expect(courierStatusMeaning(courier, status)).toEqual({ phase, paid });
  });

  it("does not read one courier's words with another's table", () => {
    // "Livré" is Yalidine's; Ecotrack's keys are livre_non_encaisse…, ZR's "livre".
    expect(courierStatusMeaning('ecotrack', 'Livré')).toBeNull();
    expect(orderStatusForCourier('livre_non_encaisse', 'yalidine')).toBeNull();
    expect(orderStatusForCourier('livre_non_encaisse', 'ecotrack')).toBe('successful');
  });

  it('leaves a status no table knows unknown instead of guessing from its words', () => {
    expect(courierStatusMeaning('zr_express', 'livraison_en_cours_peut_etre')).toBeNull();
    expect(courierStatusMeaning('ecotrack', 'retour_quelque_chose')).toBeNull();
    expect(courierStatusMeaning('noest', 'edit_price')).toBeNull();
    expect(courierStatusMeaning('unknown-courier', 'livre')).toBeNull();
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
