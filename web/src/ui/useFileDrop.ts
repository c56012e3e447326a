/**
 * A drop zone for one file: `dragging` while a file is held over it (for the zone's highlight),
 * and the handlers to spread on the zone. The dropped file goes to `onPick` exactly as a chosen
 * one does, so the same checks refuse it with the same words.
 */
import { useState, type DragEvent } from 'react';

export function useFileDrop(onPick: (file: File | undefined) => void) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave() {
      setDragging(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragging(false);
      onPick(event.dataTransfer?.files?.[0]);
    },
  };
  return { dragging, dropProps };
}
