import cluster from 'node:cluster';

/**
 * Announcements that something other processes keep a copy of has changed (the live public pages
 * after a publication), so that every worker of the server drops its copy at once. In a worker of
 * the cluster (`platform/cluster.ts`) an announcement goes to the primary, which relays it to every
 * worker, this one included; in a single process it is heard here directly. A copy must still
 * have a short life of its own: other servers of the site (and the command line) do not announce.
 */
export type ChangeTopic = 'public-pages';

/** The message a worker sends the primary, and the primary relays to every worker. */
export interface ChangeMessage {
  nipmChange: ChangeTopic;
}

export function isChangeMessage(message: unknown): message is ChangeMessage {
  return typeof (message as ChangeMessage | null)?.nipmChange === 'string';
}

interface Listeners {
  byTopic: Map<ChangeTopic, Set<() => void>>;
  relayed: boolean;
}

// The Astro bundle and the production entry are two module graphs in one process: one registry.
const listeners: Listeners = ((globalThis as Record<string, unknown>).__nipmChanges ??= {
  byTopic: new Map(),
  relayed: false,
}) as Listeners;

function hear(topic: ChangeTopic): void {
  for (const listener of listeners.byTopic.get(topic) ?? []) listener();
}

/** Calls `listener` whenever `topic` is announced, in this process or (relayed) by another worker. */
export function onChange(topic: ChangeTopic, listener: () => void): () => void {
  let set = listeners.byTopic.get(topic);
  if (!set) {
    set = new Set();
    listeners.byTopic.set(topic, set);
  }
  set.add(listener);
  if (cluster.isWorker && !listeners.relayed) {
    listeners.relayed = true;
    process.on('message', (message: unknown) => {
      if (isChangeMessage(message)) hear(message.nipmChange);
    });
  }
  return () => set.delete(listener);
}

export function announceChange(topic: ChangeTopic): void {
  // Heard here at once (the next request of this worker already sees it), then by the others.
  hear(topic);
  if (cluster.isWorker && process.send) process.send({ nipmChange: topic } satisfies ChangeMessage);
}
