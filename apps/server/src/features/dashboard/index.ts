/**
 * The staff dashboard under /admin (members, what was made per day, reports, jobs, storage, health), and
 * the same figures as Prometheus gauges at /metrics, beside the node's HTTP and socket timings.
 */
import { defineFeature } from '../../feature.js';
import { registerGauges } from './gauges.js';
import { dashboardPolicy } from './policy.js';
import { dashboardRoutes } from './routes.js';

export default defineFeature({
  name: 'dashboard',
  policy: dashboardPolicy,
  http: dashboardRoutes,
  start: ({ deps }) => Promise.resolve(registerGauges(deps)),
});
