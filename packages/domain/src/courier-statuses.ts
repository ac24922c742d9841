// What each courier's parcel statuses mean, courier by courier: where the parcel is (made but not
// picked up, on its way, delivered, returned, cancelled) and whether the courier has paid the shop
// for it. A status a courier's table does not list means nothing to the shop: the order stays as
// it is and the back office shows the courier's words as an unknown status, never a guess.
import type { OrderStatus } from './order-status.ts';

/** The couriers the shop can hand parcels to through their API. */
export const COURIERS = ['yalidine', 'ecotrack', 'zr_express', 'noest'] as const;
export type CourierName = (typeof COURIERS)[number];

/** Made and not picked up yet; on its way; delivered; back to the shop; cancelled. */
export const PARCEL_PHASES = ['created', 'transit', 'delivered', 'returned', 'cancelled'] as const;
export type ParcelPhase = (typeof PARCEL_PHASES)[number];

export interface StatusMeaning {
  phase: ParcelPhase;
  /** The courier says it has paid the shop what it collected for this parcel. */
  paid: boolean;
}

/** A status without accents, case, separators or extra spaces ("Echèc  livraison" → "echec livraison"). */
function plain(status: string): string {
  return status
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\s-]+/g, ' ')
    .trim();
}

const meaning = (phase: ParcelPhase, paid = false): StatusMeaning => ({ phase, paid });

/** A table of exact statuses (written plain) per meaning. */
function table(entries: Record<ParcelPhase | 'paid', readonly string[]>): Map<string, StatusMeaning> {
  const map = new Map<string, StatusMeaning>();
  for (const [key, statuses] of Object.entries(entries) as [ParcelPhase | 'paid', readonly string[]][]) {
    for (const status of statuses) {
      map.set(plain(status), key === 'paid' ? meaning('delivered', true) : meaning(key));
    }
  }
  return map;
}

/**
 * Yalidine speaks French words (its parcels' last_status); its payments are a separate field
 * (payment_status), so none of its statuses says paid. A refusal at the door ("Echèc livraison",
 * "Echange échoué") and every "Retour…" / "Retourné…" step are a return; "Tentative échouée" is
 * tried again.
 */
function yalidine(status: string): StatusMeaning | null {
  const s = plain(status);
  if (s === 'livre' || s === 'delivered' || s === 'livre et encaisse' || s === 'livre et paye') {
    return meaning('delivered');
  }
  if (/^retour|^retourne|^echec|echange echoue|^refuse|^returned/.test(s)) return meaning('returned');
  if (/^annule|^supprime|^cancel/.test(s)) return meaning('cancelled');
  if (YALIDINE_NOT_PICKED_UP.some((step) => s === step || s.startsWith(`${step} `))) return meaning('created');
  if (YALIDINE_IN_TRANSIT.some((step) => s === step || s.startsWith(`${step} `))) return meaning('transit');
  return null;
}

/** Yalidine's steps before the parcel leaves the shop. */
const YALIDINE_NOT_PICKED_UP = ['en preparation', 'pas encore expedie', 'pas encore ramasse', 'a verifier'];
/** Yalidine's steps between the pick-up and the delivery. */
const YALIDINE_IN_TRANSIT = [
  'pret a expedier',
  'ramasse',
  'bloque',
  'debloque',
  'transfert',
  'expedie',
  'centre',
  'en localisation',
  'vers wilaya',
  'recu a wilaya',
  'en attente du client',
  'en attente',
  'en alerte',
  'pret pour livreur',
  'sorti en livraison',
  'tentative echouee',
  'in transit',
];

/**
 * The Ecotrack platform's status keys, as its order list and status filter name them
 * (prete_a_expedier … annule), its webhook's state codes (order.state.<code>, some spelled
 * otherwise: pret_a_expedier, retours_*, paiement_*), and its tracking activity keys (picked,
 * livred, payed…). "Paid" is the archived payment: paye_et_archive, paiement_archived, payed.
 */
const ECOTRACK = table({
  created: [
    'prete_a_expedier',
    'pret_a_expedier',
    'pret_a_preparer',
    'en_ramassage',
    'order_information_received_by_carrier',
  ],
  transit: [
    'en_preparation_stock',
    'stock_en_preparation',
    'vers_hub',
    'en_hub',
    'vers_wilaya',
    'en_preparation',
    'en_livraison',
    'suspendu',
    'suspendus',
    'picked',
    'accepted_by_carrier',
    'dispatched_to_driver',
    'attempt_delivery',
  ],
  delivered: [
    'livre_non_encaisse',
    'encaisse_non_paye',
    'livre_encaisse_non_paye',
    'paiements_prets',
    'paiement_pret',
    'livred',
    'encaissed',
  ],
  paid: ['paye_et_archive', 'paiement_archived', 'payed'],
  returned: [
    'retour_chez_livreur',
    'retour_transit_entrepot',
    'retour_en_traitement',
    'retour_recu',
    'retour_archive',
    'retours_en_traitement',
    'retours_chez_livreur',
    'retours_prets',
    'retours_recu',
    'retours_a_dispatcher_vers_stock',
    'retours_en_transit_stock',
    'retours_en_stock',
    'retours_archived',
    'return_asked',
    'return_in_transit',
    'return_received',
  ],
  cancelled: ['annule'],
});

/**
 * ZR Express's workflow state names (state.name, snake_case). "recouvert" is the money handed to
 * the shop. States not seen in its documentation or in live answers stay unknown.
 */
const ZR_EXPRESS = table({
  created: [
    'commande_recue',
    'en_traitement',
    'appel_confirmation',
    'commande_confirmee',
    'en_preparation',
    'pret_a_expedier',
  ],
  transit: [
    'confirme_au_bureau',
    'confirme_chez_partenaire',
    'dispatch',
    'vers_wilaya',
    'en_livraison',
    'sortie_en_livraison',
  ],
  delivered: ['livre', 'encaisse'],
  paid: ['recouvert'],
  returned: [
    'retour_sous_traitant',
    'colis_recupere',
    'attente_recuperation_fournisseur',
    'reinjecte_dans_stock',
    'recupere_par_fournisseur',
    'remboursement_reinjecte',
  ],
  cancelled: [],
});

/**
 * NOEST's tracking events (event_key): "verssement_admin_cust" is the money paid to the shop. Its
 * informational events (an edit, an extra fee) say nothing of where the parcel is: see
 * NOEST_INFORMATIONAL.
 */
const NOEST = table({
  created: ['upload', 'customer_validation'],
  transit: [
    'validation_collect_colis',
    'validation_reception_admin',
    'validation_reception',
    'fdr_activated',
    'sent_to_redispatch',
    'nouvel_tentative_asked_by_customer',
    'mise_a_jour',
    'colis_suspendu',
    'pickedup',
  ],
  delivered: ['livre', 'livred', 'echange_valide'],
  paid: ['verssement_admin_cust'],
  returned: [
    'return_asked_by_customer',
    'return_asked_by_hub',
    'return_dispatched_to_partenaire',
    'colis_retour_transmit_to_partner',
  ],
  cancelled: [],
});

/** NOEST events that change a detail of the parcel, not where it is. */
export const NOEST_INFORMATIONAL = new Set(['edited_informations', 'edit_price', 'edit_wilaya', 'extra_fee']);

/** What a courier's status means, or null when its table does not know it. */
export function courierStatusMeaning(
  courier: string | null | undefined,
  status: string | null | undefined,
): StatusMeaning | null {
  if (!status) return null;
  switch (courier ?? 'yalidine') {
    case 'yalidine':
      return yalidine(status);
    case 'ecotrack':
      return ECOTRACK.get(plain(status)) ?? null;
    case 'zr_express':
      return ZR_EXPRESS.get(plain(status)) ?? null;
    case 'noest':
      return NOEST.get(plain(status)) ?? null;
    default:
      return null;
  }
}

const ORDER_STATUS_OF: Record<ParcelPhase, OrderStatus> = {
  created: 'shipping',
  transit: 'shipping',
  delivered: 'successful',
  returned: 'returned',
  cancelled: 'cancelled',
};

/**
 * The order status a courier's parcel status means, or null when it says nothing we know (the
 * order stays as it is; the courier's words are still shown). The courier is Yalidine unless said.
 */
export function orderStatusForCourier(
  courierStatus: string | null | undefined,
  courier: string | null = 'yalidine',
): OrderStatus | null {
  const known = courierStatusMeaning(courier, courierStatus);
  return known ? ORDER_STATUS_OF[known.phase] : null;
}

/** Yalidine's payment_status once it has paid the shop for the parcel. */
export const YALIDINE_PAID = 'payed';
