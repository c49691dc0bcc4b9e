/** Shapes of the header menu (data in `src/content/menu.json`), shared by the server and the header island. */
export interface MenuLink {
  name: string;
  href: string;
}

export interface MenuGroup extends MenuLink {
  id: string;
  items: MenuLink[];
}

/** Whether a link points inside the current page (`#section`): those scroll smoothly instead of navigating. */
export function isAnchorHref(href: string): boolean {
  return href.startsWith('#');
}

/** Scrolls to an in-page anchor, smoothly unless the visitor asked for reduced motion. */
export function scrollToAnchor(href: string): boolean {
  const target = document.getElementById(decodeURIComponent(href.slice(1)));
  if (!target) return false;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  history.pushState(null, '', href);
  return true;
}
