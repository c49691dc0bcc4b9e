/**
 * Whether this process is shutting down: `/api/ready` answers 503 from then on, so that a proxy
 * that checks it sends new requests to the other servers while this one finishes its own.
 */
interface Lifecycle {
  stopping: boolean;
}

// The Astro bundle and the production entry are two module graphs in one process: one flag.
const state: Lifecycle = ((globalThis as Record<string, unknown>).__nipmLifecycle ??= {
  stopping: false,
}) as Lifecycle;

export function beginShutdown(): void {
  state.stopping = true;
}

export function isShuttingDown(): boolean {
  return state.stopping;
}
