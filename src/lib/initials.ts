/** Up to two initials of a name for an avatar without a photo; 'U' (for 'User') when there is no name. */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (words.length ? words.slice(0, 2).map((word) => word[0]) : ['U']).join('').toUpperCase();
}
