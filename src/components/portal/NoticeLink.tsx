import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { linkAttributes } from '../../lib/links';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  link: string | null | undefined;
  children: ReactNode;
};

/**
 * A notice's link, rendered only when it is a safe site path or http(s) address (`src/lib/links.ts`);
 * an outside address opens in a new tab with rel="noopener noreferrer".
 */
export function NoticeLink({ link, children, ...rest }: Props) {
  const attributes = linkAttributes(link);
  if (!attributes) return null;
  return (
    <a {...rest} {...attributes}>
      {children}
    </a>
  );
}
