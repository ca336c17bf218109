/**
 * Interval of the SSE heartbeat comment (ms): 20 s, inside the 15–30 s that proxies with a
 * 60 s idle timeout tolerate. Mutable only so a test need not wait 20 s.
 */
export const sseHeartbeat = { ms: 20_000 };
