import { useEffect, useRef, type RefObject } from 'react';

export interface DismissOptions {
  /** Listens only while true (the menu or popover is open). */
  active?: boolean;
  /** Where focus goes on Escape; by default the element that had focus when it opened (its opener). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Closes a popover, menu or panel on a pointer press outside `ref` or on Escape. Escape also gives
 * focus back to the opener, so a keyboard user is not left on the page's top; an outside press leaves
 * focus where the user pressed.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onClose: () => void,
  { active = true, returnFocusTo }: DismissOptions = {},
): void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!active) return;
    const opener = returnFocusTo?.current ?? (document.activeElement as HTMLElement | null);
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close.current();
      (returnFocusTo?.current ?? opener)?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active, ref, returnFocusTo]);
}
