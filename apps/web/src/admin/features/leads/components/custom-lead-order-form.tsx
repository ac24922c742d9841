import { useId, useState, type FormEvent } from 'react';
import type { Lead } from '@shop/domain/checkout-drafts';
import type { CustomItem } from '@shop/domain/custom-item-responses';
import { CUP_ITEM_NAME } from '@shop/domain/constants';
import { isCupName } from '@shop/domain/custom-item-schemas';
import { formatDa } from '@shop/domain/money';
import { variantLineLabel } from '@shop/domain/variants';
import type { CreatedOrder } from '@shop/domain/order-responses';
import { ApiError } from '../../../../lib/api.ts';
import { Banner, buttonClass, Field, inputClass } from '../../../components/ui.tsx';
import { errorMessage, sessionEnded } from '../../../lib/admin-request.ts';
import type { ShippingPrice } from '../../../lib/types.ts';
import { DeliveryFields } from '../../../components/delivery-fields.tsx';
import { useWilayas } from '../../../lib/wilayas.ts';
import { useActiveCustomItems, useCreateLeadCustomOrder } from '../api/leads.ts';
import { leadTexts } from '../texts.ts';
import { OrderTotal, useLeadDelivery } from './lead-delivery.tsx';

type Position = 'front' | 'back' | 'side';
const POSITIONS: readonly Position[] = ['front', 'back', 'side'];
/** The customer's custom order sends its pictures under these fields; the desk sends the same. */
const PICTURE_FIELDS: Record<Position, string> = {
  front: 'reference_image_front',
  back: 'reference_image_back',
  side: 'reference_image_side',
};

/** The cup has no sizes and is printed from its front picture only (SPEC §3), as on the storefront. */
function isCup(item: CustomItem | undefined): boolean {
  return item ? isCupName(item.name) || item.available_sizes === null : false;
}

/** "Hoodie" for "hoodie"; the cup in English. */
function itemLabel(name: string): string {
  return isCupName(name) ? leadTexts.cup : name.charAt(0).toUpperCase() + name.slice(1);
}

/** What the customer chose on the custom page, for the card: "Hoodie — Noir / M". */
export function customChoiceText(custom: NonNullable<Lead['custom']>): string {
  const item = custom.item_name
    ? itemLabel(custom.item_name)
    : custom.clothing_type
      ? leadTexts.itemGone(custom.clothing_type)
      : '';
  if (!item && !custom.color && !custom.size) return leadTexts.customNothing;
  // An order line's label, as the slips and the couriers' lists write it ("Hoodie — Noir / M").
  if (item) return leadTexts.custom(variantLineLabel(item, custom.color, custom.size));
  return leadTexts.custom([custom.color, custom.size].filter(Boolean).join(' / '));
}

/** The item the draft named, among those offered now: by its id, or the cup by its word. */
function draftItem(items: readonly CustomItem[], custom: Lead['custom']): CustomItem | undefined {
  if (!custom) return undefined;
  if (custom.item_id !== null) return items.find((item) => item.id === custom.item_id);
  return isCupName(custom.clothing_type) ? items.find((item) => isCup(item)) : undefined;
}

/** `wanted` when it is one of `options` (any case), else the first option. */
function pick(options: readonly string[], wanted: string): string {
  return options.find((o) => o.toLowerCase() === wanted.toLowerCase()) ?? options[0] ?? '';
}

interface Props {
  lead: Lead;
  disabled: boolean;
  onPlaced: (order: CreatedOrder) => void;
  onCancel: () => void;
}

/**
 * "Create order" of a custom order page's lead: the agent has the customer on the phone, who sends
 * the pictures by WhatsApp or Messenger; the item, colour and size start from what the customer
 * chose on the page, where the parcel goes from the draft's wilaya, commune and delivery (the
 * customer may say others), the pictures come from the phone's camera or gallery, the order's total
 * shows before it is placed, and the server places the order as the customer's own custom order is
 * placed.
 */
export function CustomLeadOrderForm({ lead, disabled, onPlaced, onCancel }: Props) {
  const items = useActiveCustomItems();
  const wilayas = useWilayas();
  if (items.isPending) return <p className="mt-3 text-sm text-slate-600">{leadTexts.loadingItems}</p>;
  if (items.isError) {
    return (
      <div className="mt-3">
        <Banner tone="error">{errorMessage(items.error, leadTexts.failedItems)}</Banner>
      </div>
    );
  }
  if (items.data.length === 0) return <p className="mt-3 text-sm text-slate-700">{leadTexts.noCustomItems}</p>;
  if (wilayas.isPending) return <p className="mt-3 text-sm text-slate-600">{leadTexts.loadingPlaces}</p>;
  if (wilayas.isError) {
    return (
      <div className="mt-3">
        <Banner tone="error">{errorMessage(wilayas.error, leadTexts.failedPlaces)}</Banner>
      </div>
    );
  }
  return (
    <LoadedForm
      lead={lead}
      items={items.data}
      wilayas={wilayas.data}
      disabled={disabled}
      onPlaced={onPlaced}
      onCancel={onCancel}
    />
  );
}

function LoadedForm({
  lead,
  items,
  wilayas,
  disabled,
  onPlaced,
  onCancel,
}: Props & { items: CustomItem[]; wilayas: ShippingPrice[] }) {
  const id = useId();
  const create = useCreateLeadCustomOrder();
  const delivery = useLeadDelivery(lead, wilayas);
  const initial = draftItem(items, lead.custom) ?? items[0];
  const [itemId, setItemId] = useState(String(initial?.id ?? ''));
  const [color, setColor] = useState(pick(initial?.available_colors ?? [], lead.custom?.color ?? ''));
  const [size, setSize] = useState(pick(initial?.available_sizes ?? [], lead.custom?.size ?? ''));
  const [address, setAddress] = useState(lead.address);
  const [pictures, setPictures] = useState<Partial<Record<Position, File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const item = items.find((candidate) => String(candidate.id) === itemId);
  const cup = isCup(item);
  const positions = cup ? (['front'] as const) : POSITIONS;

  function chooseItem(next: string) {
    setItemId(next);
    const chosen = items.find((candidate) => String(candidate.id) === next);
    // The colour and size carry over when the new item has them too.
    setColor((was) => pick(chosen?.available_colors ?? [], was));
    setSize((was) => pick(chosen?.available_sizes ?? [], was));
    setErrors({});
  }

  function choosePicture(position: Position, file: File | undefined) {
    setPictures((was) => {
      const next = { ...was };
      if (file) next[position] = file;
      else delete next[position];
      return next;
    });
    setErrors(({ pictures: _gone, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!item) return;
    const sent = positions.flatMap((position) => {
      const file = pictures[position];
      return file ? [[position, file] as const] : [];
    });
    const placed = delivery.check();
    if (sent.length === 0) {
      setErrors({ pictures: cup ? leadTexts.cupPictureRequired : leadTexts.pictureRequired });
      return;
    }
    if (!placed) return;
    const form = new FormData();
    // As the customer's custom form sends it: the item's id, or the word cup (SPEC §3).
    form.append('clothing_type', cup ? CUP_ITEM_NAME : String(item.id));
    form.append('color', color);
    if (!cup) form.append('size', size);
    if (address.trim()) form.append('address', address.trim());
    for (const [name, value] of Object.entries(delivery.fields())) form.append(name, value);
    for (const [position, file] of sent) form.append(PICTURE_FIELDS[position], file);
    try {
      const { order } = await create.mutateAsync({ id: lead.id, form });
      onPlaced(order);
    } catch (e) {
      if (sessionEnded(e)) return;
      setError(errorMessage(e, leadTexts.failedOrder));
      setErrors(fieldErrors(e));
    }
  }

  const busy = disabled || create.isPending;
  return (
    <form className="mt-3 flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-xs text-slate-600">{leadTexts.customIntro}</p>
      {error ? (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      ) : null}
      <Field id={`${id}-item`} label={leadTexts.itemLabel} error={errors.clothing_type}>
        <select
          id={`${id}-item`}
          className={`${inputClass} min-h-11`}
          value={itemId}
          onChange={(e) => chooseItem(e.target.value)}
        >
          {items.map((candidate) => (
            <option key={candidate.id} value={String(candidate.id)}>
              {itemLabel(candidate.name)} — {formatDa(candidate.base_price)}
            </option>
          ))}
        </select>
      </Field>
      <div className={cup ? '' : 'grid grid-cols-2 gap-2'}>
        <Field id={`${id}-color`} label={leadTexts.colorLabel} error={errors.color}>
          <select
            id={`${id}-color`}
            className={`${inputClass} min-h-11`}
            value={color}
            onChange={(e) => setColor(e.target.value)}
          >
            {(item?.available_colors ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Field>
        {cup ? null : (
          <Field id={`${id}-size`} label={leadTexts.sizeLabel} error={errors.size}>
            <select
              id={`${id}-size`}
              className={`${inputClass} min-h-11`}
              value={size}
              onChange={(e) => setSize(e.target.value)}
            >
              {(item?.available_sizes ?? []).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      <DeliveryFields id={`${id}-place`} {...delivery.props} />
      <Field id={`${id}-address`} label={leadTexts.addressLabel} error={errors.address}>
        <input
          id={`${id}-address`}
          className={inputClass}
          value={address}
          autoComplete="off"
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-slate-700">{leadTexts.pictureHint}</legend>
        {positions.map((position) => (
          <Field key={position} id={`${id}-${position}`} label={leadTexts.pictureLabels[position]}>
            <input
              id={`${id}-${position}`}
              type="file"
              accept="image/*"
              className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
              aria-invalid={errors.pictures ? true : undefined}
              onChange={(e) => choosePicture(position, e.target.files?.[0])}
            />
          </Field>
        ))}
        {errors.pictures ? (
          <p role="alert" className="text-xs text-red-600">
            {errors.pictures}
          </p>
        ) : null}
      </fieldset>
      <OrderTotal items={item?.base_price ?? null} fee={delivery.fee} />
      <p className="text-xs text-slate-500">{leadTexts.customOrderHint}</p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={`${buttonClass('secondary')} min-h-11`} onClick={onCancel}>
          {leadTexts.cancel}
        </button>
        <button type="submit" className={`${buttonClass('primary')} min-h-11`} disabled={busy}>
          {create.isPending ? leadTexts.placing : leadTexts.placeOrder}
        </button>
      </div>
    </form>
  );
}

/** The server's field errors (`data.errors`), by field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const list = (error.data as { errors?: { field?: unknown; message?: unknown }[] } | null)?.errors;
  if (!Array.isArray(list)) return {};
  const out: Record<string, string> = {};
  for (const e of list) {
    if (typeof e.field === 'string' && typeof e.message === 'string') out[e.field] ??= e.message;
  }
  return out;
}
