import { createUser } from '../support/fixtures';
import { E2E_SECRET, e2eDb, expect, test } from './support/fixtures';

/**
 * Issue 27: each worker of the cluster (`npm start` runs one per core) keeps the last answer of each
 * live public page for a few seconds and sends it without rendering. A publication drops those
 * copies in every worker at once: right after it, every request, whichever worker takes it, shows it.
 */
test('a published event shows on /events at once, whichever worker answers', async ({ baseURL }) => {
  const db = await e2eDb();
  const admin = await createUser(db, { roleId: '3', secret: E2E_SECRET });
  // A fresh connection each: the cluster hands them to the workers in turn.
  const pages = () =>
    Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await fetch(`${baseURL}/events`, { headers: { connection: 'close' } });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
  const title = `Workers hear it ${Date.now().toString(36)}`;
  // Every worker now keeps /events without the event.
  for (const html of await pages()) expect(html).not.toContain(title);

  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const created = await fetch(`${baseURL}/api/content/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      type: 'national',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      description: 'Published while every worker kept the list.',
      status: 'published',
    }),
  });
  expect(created.status).toBe(201);
  for (const html of await pages()) expect(html).toContain(title);
});
