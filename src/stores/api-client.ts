import { createApiClient } from '../lib/api-client';
import { currentSession } from './session';

/**
 * The API client every island and store uses: before each request it reads the current session
 * (waiting for its first load) and sends its token, if any, as the bearer token (spec section 7).
 * Importing the client brings the session store with it, so no island can call the API before
 * the token is known.
 */
export const api = createApiClient(async () => (await currentSession())?.user?.token);

export { apiErrorOf } from '../lib/api-client';
