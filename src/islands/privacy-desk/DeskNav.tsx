import { ROLE } from '../../lib/roles';
import { useRole } from '../admin/shared';

/** The desk's screens; breaches and settings are the super admin's (the API refuses them to others). */
const LINKS = [
  { href: '/admin/privacy', label: 'Requests', superOnly: false },
  { href: '/admin/privacy/exports', label: 'Export register', superOnly: false },
  { href: '/admin/privacy/breaches', label: 'Breaches', superOnly: true },
  { href: '/admin/settings/privacy', label: 'Privacy settings', superOnly: true },
];

export function DeskNav({ current }: { current: string }) {
  const { roleId } = useRole();
  return (
    <nav aria-label="Privacy desk" className="mb-4 flex flex-wrap gap-4 text-sm">
      {LINKS.filter((l) => !l.superOnly || roleId === ROLE.superAdmin).map((link) => (
        <a
          key={link.href}
          href={link.href}
          aria-current={link.href === current ? 'page' : undefined}
          className={link.href === current ? 'font-bold text-brand-800 underline' : 'text-brand-700 hover:underline'}
        >
          {link.label}
        </a>
      ))}
    </nav>
  );
}

/** `2027-08-30T10:00:00.000Z` → `30 Aug 2027`, in Kolkata. */
export function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
}
