import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { linkLabel } from './link-labels';
import { useDisplayConfig } from '../../lib/queries/use-display-config';

/** The header's "More" disclosure: blog, status and GitHub mirrors from the display config. */
export function MoreMenu() {
  const { i18n } = useLingui();
  const links = useDisplayConfig()?.links.more ?? [];
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    // Closed on the click outside, not on the press: in the phone menu the list sits in the flow,
    // so closing it on pointerdown moved Log in, Register and Log out up under the finger before
    // the click, which then landed on nothing.
    const onClickOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // In the capture phase, and marked as handled: inside the phone drawer, one Escape closes this
    // list and the next one the drawer (header.tsx).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
    };
    document.addEventListener('click', onClickOutside);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('click', onClickOutside);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <div className="more-menu" ref={rootRef}>
      <button
        type="button"
        className="nav-link more-menu__trigger"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Trans>More</Trans>
        <span aria-hidden="true" className="more-menu__caret">
          ▾
        </span>
      </button>
      <ul id={listId} className="more-menu__list" hidden={!open}>
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
            >
              {linkLabel((d) => i18n._(d), link.key)}
            </a>
          </li>
        ))}
        {links.length === 0 && (
          <li className="more-menu__empty">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">
              <Trans>Loading</Trans>
            </span>
          </li>
        )}
      </ul>
    </div>
  );
}
