import { api, apiErrorOf } from '../../stores/api-client';
import { MEMBER_NUMBER_PATTERN } from '../../lib/schemas/membership';

/**
 * Asks the server whether a member number may propose or second (`GET /api/membership/proposer-check`):
 * the message to show, or null when it may (or when the number is not yet worth asking about:
 * empty or malformed, which the form's own schema reports). A failed call is not the applicant's
 * fault: the submission checks again.
 */
export async function checkProposerNumber(
  value: string,
  role: 'proposer' | 'seconder',
  email: unknown,
): Promise<string | null> {
  const number = value.trim().toUpperCase();
  if (!number || !MEMBER_NUMBER_PATTERN.test(number)) return null;
  const query: Record<string, string> = { number, role };
  if (typeof email === 'string' && email.includes('@')) query.email = email.trim();
  try {
    const answer = await api.get<{ valid: boolean; message: string | null }>('/membership/proposer-check', query);
    return answer.valid ? null : answer.message;
  } catch (error) {
    const failure = await apiErrorOf(error);
    return failure.status === 400 ? (Object.values(failure.fields)[0] ?? failure.message) : null;
  }
}
