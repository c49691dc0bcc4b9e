/**
 * Up to two initials of a name for an avatar without a photo; 'U' (for 'User') when there is no
 * name. Only letters and digits count: "Admin (demo)" is "AD", never "A(".
 */
export function initialsOf(name: string | null): string {
  const initials = (name ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((initial): initial is string => initial !== undefined);
  return (initials.length ? initials.slice(0, 2) : ['U']).join('').toUpperCase();
}
