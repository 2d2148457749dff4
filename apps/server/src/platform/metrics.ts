/**
 * The node's Prometheus metrics (prom-client), in one registry per app (tests start several; nothing is
 * global): Node's defaults (process_*, nodejs_*), how long HTTP requests take by route template, method
 * and status, and how long socket events take to handle by event (from arrival to the ack, the member's
 * fair line included). Areas add gauges read at scrape time (features/dashboard/gauges.ts); the
 * dashboard area serves /metrics.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Starts timing one socket event (its wire name); the function returned records it. */
  timeSocketEvent(event: string): () => void;
}

/** Socket events are mostly a database round trip or two: finer buckets at the low end. */
const SOCKET_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(): Metrics & { http: Histogram<'method' | 'route' | 'status_code'> } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = new Histogram({
    name: 'sajha_http_request_duration_seconds',
    help: 'HTTP requests, from arrival to the answer sent, by route template, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const socket = new Histogram({
    name: 'sajha_socket_event_duration_seconds',
    help: 'Socket events handled (parse, authorize, work, ack), by event wire name',
    labelNames: ['event'] as const,
    buckets: SOCKET_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    http,
    timeSocketEvent: (event) => socket.startTimer({ event }),
  };
}

/**
 * Times every HTTP request. The label is the route's template (`/api/admin/reports/:kind/:id`), never the
 * path itself, so the series stay few; requests no route matched share one label.
 */
export function timeHttp(app: FastifyInstance, http: Histogram<'method' | 'route' | 'status_code'>): void {
  app.addHook('onResponse', async (req, reply) => {
    http.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
