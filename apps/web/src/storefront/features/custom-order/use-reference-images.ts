// The reference images chosen for the order: each position's file, preview and refusal.
import { useEffect, useRef, useState } from 'react';
import { POSITIONS, type Position } from './form-values.ts';
import { prepareImage } from './image-files.ts';
import { EMPTY_SLOT, type ImageSlot } from './components/reference-image-field.tsx';

export function useReferenceImages() {
  const [slots, setSlots] = useState<Record<Position, ImageSlot>>({
    front: EMPTY_SLOT,
    back: EMPTY_SLOT,
    side: EMPTY_SLOT,
  });
  /** The section's message: no image chosen at submit. */
  const [error, setError] = useState<string | null>(null);

  // Revoke the preview URLs when the page goes away.
  const slotsRef = useRef(slots);
  useEffect(() => {
    slotsRef.current = slots;
  }, [slots]);
  useEffect(
    () => () => {
      for (const slot of Object.values(slotsRef.current)) if (slot.preview) URL.revokeObjectURL(slot.preview);
    },
    [],
  );

  async function select(position: Position, file: File) {
    setError(null);
    setSlots((current) => ({ ...current, [position]: { ...current[position], processing: true, error: null } }));
    const prepared = await prepareImage(file);
    setSlots((current) => {
      const previous = current[position];
      if (!prepared.ok) return { ...current, [position]: { ...previous, processing: false, error: prepared.error } };
      if (previous.preview) URL.revokeObjectURL(previous.preview);
      return {
        ...current,
        [position]: {
          file: prepared.file,
          preview: URL.createObjectURL(prepared.file),
          error: null,
          processing: false,
        },
      };
    });
  }

  function remove(position: Position) {
    setSlots((current) => {
      const previous = current[position];
      if (previous.preview) URL.revokeObjectURL(previous.preview);
      return { ...current, [position]: EMPTY_SLOT };
    });
  }

  return {
    slots,
    error,
    setError,
    select,
    remove,
    processing: POSITIONS.some((position) => slots[position].processing),
    /** The file chosen for a position, or null. */
    file: (position: Position) => slots[position].file,
  };
}

export type ReferenceImages = ReturnType<typeof useReferenceImages>;
