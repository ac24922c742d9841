import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { splitCustomerAddress } from '@shop/domain/order-schemas';
import type { DeliveryType } from '@shop/domain/shipping-schemas';
import { Banner, ErrorState, Field, Loading, buttonClass, inputBase, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { Order, Product } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';
import { useEditOrder, type OrderEdit } from '../api/edit-order.ts';
import { useProductSearch, useProductsById } from '../../../lib/order-products.ts';
import { useWilayas } from '../../../lib/wilayas.ts';
import { DeliveryFields } from '../../../components/delivery-fields.tsx';

interface Line {
  key: string;
  product_id: number;
  name: string;
  size: string;
  /** The variant's colour (its French name), '' for a product without colours. */
  color: string;
  /** As typed: checked when the form is sent. */
  quantity: string;
}

interface Contact {
  customer_name: string;
  customer_phone: string;
  address: string;
  customer_postal_code: string;
  wilaya: string;
}

interface Delivery {
  delivery_type: DeliveryType;
  /** As typed; '' when the order has none. */
  commune: string;
}

function contactOf(order: Order): Contact {
  return {
    customer_name: order.customer_name,
    customer_phone: order.customer_phone,
    address: splitCustomerAddress(order.customer_address).address,
    customer_postal_code: order.customer_postal_code,
    wilaya: order.wilaya_name,
  };
}

function deliveryOf(order: Order): Delivery {
  return { delivery_type: order.delivery_type, commune: order.commune_name ?? '' };
}

function linesOf(order: Order): Line[] {
  return order.order_items.flatMap((item) =>
    item.product_id === null
      ? []
      : [
          {
            key: `item-${item.id}`,
            product_id: item.product_id,
            name: item.product_name,
            size: item.size,
            color: item.color ?? '',
            quantity: String(item.quantity),
          },
        ],
  );
}

/** A whole number of at least 1, or null. */
function quantityOf(typed: string): number | null {
  const n = Number(typed);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

const sameLines = (a: Line[], b: Line[]) =>
  a.length === b.length &&
  a.every(
    (l, i) =>
      l.product_id === b[i]!.product_id &&
      l.size === b[i]!.size &&
      l.color === b[i]!.color &&
      quantityOf(l.quantity) === quantityOf(b[i]!.quantity),
  );

/**
 * Only what changed is sent: the server replaces what it is given, moves stock for lines, and
 * prices a new wilaya, delivery type or commune. An emptied commune is not sent (the order keeps
 * its own, or none in another wilaya).
 */
export function editOf(
  order: Order,
  contact: Contact,
  lines: Line[],
  linesEditable: boolean,
  delivery: Delivery = deliveryOf(order),
): OrderEdit {
  const before = contactOf(order);
  const edit: OrderEdit = {};
  for (const key of Object.keys(before) as (keyof Contact)[]) {
    if (contact[key].trim() !== before[key]) edit[key] = contact[key].trim();
  }
  if (delivery.delivery_type !== order.delivery_type) edit.delivery_type = delivery.delivery_type;
  const commune = delivery.commune.trim();
  if (commune && commune !== (order.commune_name ?? '')) edit.commune = commune;
  if (linesEditable && !sameLines(lines, linesOf(order))) {
    edit.items = lines.map(({ product_id, size, color, quantity }) => ({
      product_id,
      size,
      ...(color ? { color } : {}),
      quantity: quantityOf(quantity) ?? 1,
    }));
  }
  return edit;
}

/**
 * The sizes a line may take, each with how many it can have: the product's stock of that size,
 * plus what the order itself holds of it (given back when the lines change). The line's own size
 * stays even if gone from the product.
 */
function sizesOf(
  product: Product | undefined,
  current: string,
  held: (size: string) => number,
): { name: string; available: number | null }[] {
  const sizes = (product?.sizes ?? []).map((s) => ({ name: s.name, available: s.stock + held(s.name) }));
  return current && !sizes.some((s) => s.name === current) ? [{ name: current, available: null }, ...sizes] : sizes;
}

/** A product sold in colours or on a scale other than S-XXL: its lines choose a variant. */
function byVariant(product: Product | undefined): boolean {
  return (
    (product?.variants?.length ?? 0) > 0 &&
    ((product?.colors?.length ?? 0) > 0 || (product?.size_scale ?? 'letters') !== 'letters')
  );
}

/** A variant as a select's value: its colour and size. */
const variantValue = (color: string, size: string) => `${color}|${size}`;

/**
 * The variants a line may take ("Rouge / M"), each with how many it can have: the variant's stock
 * plus what the order itself holds of it. The line's own variant stays even if gone.
 */
function variantsOf(
  product: Product | undefined,
  line: { color: string; size: string },
  held: (size: string, color: string) => number,
): { value: string; label: string; available: number | null }[] {
  const options = (product?.variants ?? []).map((v) => ({
    value: variantValue(v.color, v.size),
    label: [v.color, v.size_label].filter(Boolean).join(' / '),
    available: v.stock + held(v.size, v.color),
  }));
  const current = variantValue(line.color, line.size);
  return line.size || line.color
    ? options.some((o) => o.value === current)
      ? options
      : [{ value: current, label: [line.color, line.size].filter(Boolean).join(' / '), available: null }, ...options]
    : options;
}

/**
 * A correction after the call, before the order ships: contact, delivery (wilaya, home or stop
 * desk, commune: the fee is then the table's) and, for a regular order, its lines. The server moves the stock and recomputes the total.
 */
export function OrderEditForm({
  order,
  onCancel,
  onSaved,
}: {
  order: Order;
  onCancel: () => void;
  onSaved: (order: Order) => void;
}) {
  const id = useId();
  const regular = order.type === 'regular';
  // A line whose product was deleted cannot be sent back: the lines stay as they are then.
  const linesEditable = regular && order.order_items.every((item) => item.product_id !== null);
  const wilayas = useWilayas();
  // The lines' products, and a search for one to add: never the whole catalogue (docs/scale.md).
  const lineProducts = useProductsById(
    order.order_items.flatMap((item) => (item.product_id === null ? [] : [item.product_id])),
    { enabled: linesEditable },
  );
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    // A request once the owner stops typing, not one per letter.
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useProductSearch(query, { enabled: linesEditable });
  const [picked, setPicked] = useState<ReadonlyMap<number, Product>>(() => new Map());
  const edit = useEditOrder();
  const [contact, setContact] = useState<Contact>(() => contactOf(order));
  const [delivery, setDelivery] = useState<Delivery>(() => deliveryOf(order));
  const [lines, setLines] = useState<Line[]>(() => linesOf(order));
  const [adding, setAdding] = useState({ product_id: '', size: '', quantity: '1' });
  const [error, setError] = useState<string | null>(null);
  const added = useRef(0);

  if (wilayas.isError || lineProducts.error) {
    return (
      <ErrorState
        message={texts.orders.loadChoicesFailed}
        onRetry={() => {
          if (wilayas.isError) void wilayas.refetch();
          if (lineProducts.error) void lineProducts.refetch();
        }}
      />
    );
  }
  if (wilayas.isPending || lineProducts.isPending) return <Loading />;

  const byId = new Map([...lineProducts.data, ...picked.values()].map((p) => [p.id, p]));
  const results = found.data ?? [];
  const chosen = results.find((p) => p.id === Number(adding.product_id)) ?? byId.get(Number(adding.product_id));
  // The product chosen stays a choice while the owner types another search.
  const choices = chosen && !results.some((p) => p.id === chosen.id) ? [chosen, ...results] : results;
  /** Units of a product and size the order holds now (they come back to stock when lines change). */
  const heldOf =
    (productId: number) =>
    (size: string, color = '') =>
      order.order_items
        .filter((item) => item.product_id === productId && item.size === size && (item.color ?? '') === color)
        .reduce((sum, item) => sum + item.quantity, 0);
  function setLine(key: string, change: Partial<Line>) {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  }

  function addLine() {
    if (!chosen) return;
    const variant = byVariant(chosen);
    const cut = adding.size.indexOf('|');
    const size = chosen.has_sizes ? (variant ? adding.size.slice(cut + 1) : adding.size) : '';
    const color = variant && cut >= 0 ? adding.size.slice(0, cut) : '';
    if (chosen.has_sizes && !adding.size) return setError(texts.orders.chooseSize);
    const quantity = quantityOf(adding.quantity);
    if (quantity === null) return setError(texts.orders.quantityInvalid);
    setError(null);
    const line = {
      key: `new-${(added.current += 1)}`,
      product_id: chosen.id,
      name: chosen.name,
      size,
      color,
      quantity: String(quantity),
    };
    setLines((all) => [...all, line]);
    setPicked((known) => new Map(known).set(chosen.id, chosen));
    setAdding({ product_id: '', size: '', quantity: '1' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (linesEditable && lines.length === 0) return setError(texts.orders.atLeastOneLine);
    if (linesEditable && lines.some((l) => quantityOf(l.quantity) === null)) {
      return setError(texts.orders.quantityInvalid);
    }
    if (delivery.delivery_type !== order.delivery_type && !delivery.commune.trim()) {
      return setError(texts.orders.communeRequired);
    }
    if (contact.wilaya !== order.wilaya_name && !/^\d{5}$/.test(contact.customer_postal_code.trim())) {
      return setError(texts.orders.postalCodeForWilaya(contact.wilaya));
    }
    const changes = editOf(order, contact, lines, linesEditable, delivery);
    if (Object.keys(changes).length === 0) return onCancel();
    edit.mutate(
      { id: order.id, edit: changes },
      {
        onSuccess: onSaved,
        onError: (e) => {
          if (!sessionEnded(e)) setError(errorMessage(e, texts.orders.editFailed));
        },
      },
    );
  }

  const contactFields = [
    { key: 'customer_name', label: texts.orders.name, autoComplete: 'off', inputMode: 'text' },
    { key: 'customer_phone', label: texts.orders.phone, autoComplete: 'off', inputMode: 'tel' },
    { key: 'address', label: texts.orders.streetAddress, autoComplete: 'off', inputMode: 'text' },
    { key: 'customer_postal_code', label: texts.orders.postalCode, autoComplete: 'off', inputMode: 'numeric' },
  ] as const;

  return (
    <form noValidate onSubmit={submit} aria-label={texts.orders.editTitle(order.id)} className="space-y-5">
      <p className="text-sm text-slate-600">{texts.orders.editIntro}</p>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {contactFields.map((field) => (
          <Field key={field.key} id={`${id}-${field.key}`} label={field.label}>
            <input
              id={`${id}-${field.key}`}
              className={inputClass}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              value={contact[field.key]}
              onChange={(e) => setContact((c) => ({ ...c, [field.key]: e.target.value }))}
            />
          </Field>
        ))}
        <DeliveryFields
          id={id}
          wilayas={wilayas.data}
          value={{ wilaya: contact.wilaya, ...delivery }}
          onWilaya={(wilaya) => {
            // The old postal code is another wilaya's: the order's own only in the order's wilaya.
            setContact((c) => ({
              ...c,
              wilaya,
              customer_postal_code: wilaya === order.wilaya_name ? order.customer_postal_code : '',
            }));
            // A commune belongs to its wilaya: back to the order's own only in the order's wilaya.
            setDelivery((d) => ({ ...d, commune: wilaya === order.wilaya_name ? (order.commune_name ?? '') : '' }));
          }}
          onDeliveryType={(delivery_type) => setDelivery((d) => ({ ...d, delivery_type }))}
          onCommune={(commune, code) => {
            setDelivery((d) => ({ ...d, commune }));
            // A commune of the list with its postal code fills an empty one.
            if (code) setContact((c) => (c.customer_postal_code.trim() ? c : { ...c, customer_postal_code: code }));
          }}
        />
      </div>

      {linesEditable ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">{texts.orders.items}</legend>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {lines.map((line) => {
              const product = byId.get(line.product_id);
              const sizes = sizesOf(product, line.size, heldOf(line.product_id));
              const variants =
                byVariant(product) || line.color ? variantsOf(product, line, heldOf(line.product_id)) : null;
              const current = variantValue(line.color, line.size);
              return (
                <li key={line.key} className="flex flex-wrap items-end gap-2 p-3">
                  <p className="w-full text-sm font-medium text-slate-900">{line.name}</p>
                  {variants ? (
                    <select
                      aria-label={texts.orders.lineVariant(line.name)}
                      className={`${inputBase} w-40`}
                      value={current}
                      onChange={(e) => {
                        const cut = e.target.value.indexOf('|');
                        setLine(line.key, { color: e.target.value.slice(0, cut), size: e.target.value.slice(cut + 1) });
                      }}
                    >
                      {variants.map((v) => (
                        <option
                          key={v.value}
                          value={v.value}
                          disabled={v.available !== null && v.available <= 0 && v.value !== current}
                        >
                          {v.available === null ? v.label : `${v.label} (${v.available})`}
                        </option>
                      ))}
                    </select>
                  ) : sizes.length > 0 ? (
                    <select
                      aria-label={texts.orders.lineSize(line.name)}
                      className={`${inputBase} w-24`}
                      value={line.size}
                      onChange={(e) => setLine(line.key, { size: e.target.value })}
                    >
                      {sizes.map((s) => (
                        <option
                          key={s.name}
                          value={s.name}
                          disabled={s.available !== null && s.available <= 0 && s.name !== line.size}
                        >
                          {s.available === null ? s.name : `${s.name} (${s.available})`}
                        </option>
                      ))}
                    </select>
                  ) : null}
                  <input
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    aria-label={texts.orders.lineQuantity(line.name)}
                    className={`${inputBase} w-20`}
                    value={line.quantity}
                    onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                  />
                  <button
                    type="button"
                    className={`${buttonClass('outlineDanger', true)} ml-auto`}
                    aria-label={texts.orders.removeLine(line.name)}
                    onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  >
                    {texts.orders.remove}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 space-y-2 rounded-md bg-slate-50 p-3">
            <Field id={`${id}-find-product`} label={texts.orders.findProduct}>
              <input
                id={`${id}-find-product`}
                type="search"
                className={inputClass}
                value={search}
                placeholder={texts.orders.findProductHint}
                onChange={(e) => setSearch(e.target.value)}
              />
            </Field>
            {found.isError ? <p className="text-sm text-red-700">{texts.orders.searchFailed}</p> : null}
            <Field id={`${id}-add-product`} label={texts.orders.addLine}>
              <select
                id={`${id}-add-product`}
                className={inputClass}
                value={adding.product_id}
                onChange={(e) => setAdding({ product_id: e.target.value, size: '', quantity: adding.quantity })}
              >
                <option value="">{texts.orders.chooseProduct}</option>
                {choices.map((p) => (
                  <option key={p.id} value={p.id} disabled={p.stock <= 0}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="flex flex-wrap items-end gap-2">
              {chosen?.has_sizes && byVariant(chosen) ? (
                <Field id={`${id}-add-size`} label={texts.orders.colorAndSize}>
                  <select
                    id={`${id}-add-size`}
                    className={`${inputBase} w-40`}
                    value={adding.size}
                    onChange={(e) => setAdding((a) => ({ ...a, size: e.target.value }))}
                  >
                    <option value="">—</option>
                    {(chosen.variants ?? []).map((v) => (
                      <option
                        key={variantValue(v.color, v.size)}
                        value={variantValue(v.color, v.size)}
                        disabled={v.stock <= 0}
                      >
                        {[v.color, v.size_label].filter(Boolean).join(' / ')} ({v.stock})
                      </option>
                    ))}
                  </select>
                </Field>
              ) : chosen?.has_sizes ? (
                <Field id={`${id}-add-size`} label={texts.orders.size}>
                  <select
                    id={`${id}-add-size`}
                    className={`${inputBase} w-24`}
                    value={adding.size}
                    onChange={(e) => setAdding((a) => ({ ...a, size: e.target.value }))}
                  >
                    <option value="">—</option>
                    {chosen.sizes.map((s) => (
                      <option key={s.name} value={s.name} disabled={s.stock <= 0}>
                        {s.name} ({s.stock})
                      </option>
                    ))}
                  </select>
                </Field>
              ) : null}
              <Field id={`${id}-add-quantity`} label={texts.orders.quantity}>
                <input
                  id={`${id}-add-quantity`}
                  type="number"
                  min={1}
                  inputMode="numeric"
                  className={`${inputBase} w-20`}
                  value={adding.quantity}
                  onChange={(e) => setAdding((a) => ({ ...a, quantity: e.target.value }))}
                />
              </Field>
              <button type="button" className={buttonClass('secondary')} disabled={!chosen} onClick={addLine}>
                {texts.orders.add}
              </button>
            </div>
          </div>
        </fieldset>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          {texts.common.cancel}
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={edit.isPending}>
          {edit.isPending ? texts.common.saving : texts.common.save}
        </button>
      </div>
    </form>
  );
}
