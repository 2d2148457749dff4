/** Health: liveness and readiness answers for load balancers. */
import { defineFeature } from '../../feature.js';
import { healthRoutes } from './routes.js';

export default defineFeature({ name: 'health', http: healthRoutes });
