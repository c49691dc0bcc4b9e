import type { ApplicationDraft } from './schemas/membership';

/**
 * What the applicant has typed survives a reload: the draft lives in localStorage (it outlives the
 * tab, so a phone that drops the page keeps it) and the step in sessionStorage. Files cannot be kept
 * there; the documents step asks for them again. The draft is removed once the application is in.
 */
export const DRAFT_KEY = 'nipm:membership-application';
export const STEP_KEY = 'nipm:membership-application-step';

/** Fields never written to storage: the declaration is confirmed afresh each time. */
const NOT_KEPT = new Set(['declaration', 'expectedTotal']);

export function serialiseDraft(values: Partial<ApplicationDraft>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(values).filter(([key]) => !NOT_KEPT.has(key))));
}

/** A stored draft, or an empty one when there is none or it cannot be read. */
export function parseDraft(text: string | null): Partial<ApplicationDraft> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const kept: Record<string, string | number> = {};
    for (const [key, field] of Object.entries(value)) {
      if (!NOT_KEPT.has(key) && (typeof field === 'string' || typeof field === 'number')) kept[key] = field;
    }
    return kept as Partial<ApplicationDraft>;
  } catch {
    return {};
  }
}

export function parseStep(text: string | null, stepCount: number): number {
  const step = Number(text);
  return Number.isInteger(step) && step >= 0 && step < stepCount ? step : 0;
}
