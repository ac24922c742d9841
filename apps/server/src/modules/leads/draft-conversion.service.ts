// What placing an order needs of the leads: marking the checkout's draft converted, in the order's
// own transaction. Apart from leads.service.ts, which places orders itself (Create order): the
// orders module reaches this without an import cycle.
export { convertDrafts } from './checkout-drafts.repository.ts';
