/**
 * An activity-log entry's detail as lines a person reads (issue 28): "active: yes → no" for each
 * field a change touched, "amount: 112590" for the rest, never raw JSON.
 */

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${label(key)} ${shown(inner)}`)
    .join(', ');
}

/** `chapterId` → "chapter id", `paid_through` → "paid through". */
function label(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function describeAuditDetail(detail: Record<string, unknown> | null): string[] {
  if (!detail) return [];
  const { before, after, ...rest } = detail;
  const lines: string[] = [];
  if (before !== undefined || after !== undefined) {
    const old = asRecord(before);
    const now = asRecord(after);
    for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
      if (JSON.stringify(old[key]) === JSON.stringify(now[key])) continue;
      lines.push(`${label(key)}: ${shown(old[key])} → ${shown(now[key])}`);
    }
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${label(key)}: ${shown(value)}`);
  return lines;
}
