import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export interface DropdownProps {
  /** The toggle button's content. */
  label: ReactNode;
  /** Accessible name when `label` is not text (an avatar). */
  ariaLabel?: string;
  buttonClassName?: string;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A disclosure menu: a button that shows a panel of links. Closes on route change (spec: the menu
 * closes on each route change), on Escape (focus back on the button) and on a click outside.
 */
export function Dropdown({
  label,
  ariaLabel,
  buttonClassName,
  align = 'end',
  children,
}: DropdownProps) {
  // Open "at" a location: navigating elsewhere closes it without an effect.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === location.key;
  const setOpen = (open: boolean) => setOpenAt(open ? location.key : null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const close = () => setOpen(false);
  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? 'dropdown-toggle'}
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen(!isOpen)}
      >
        {label}
      </button>
      <div id={panelId} className={`dropdown-panel dropdown-${align}`} hidden={!isOpen}>
        {typeof children === 'function' ? children(close) : children}
      </div>
    </div>
  );
}
