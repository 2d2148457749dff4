/** The notification area's background work: push deliveries and the hourly digest check. */
import type { AppDeps } from '../../deps.js';
import { deliverPush } from './push.js';
import { sendDigests, sendRollup } from './service.js';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';

declare module '../../platform/jobs.js' {
  interface JobMap {
    'notification.digest': Record<string, never>;
  }
}

export async function notificationJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work('push.send', (job) => deliverPush(deps, job), { concurrency: 4 });
  // Every member is claimed atomically inside sendDigests, and the schedule fires once per cluster.
  await deps.jobs.work('notification.digest', () => sendDigests(deps), { pollSeconds: CRON_POLL_SECONDS });
  await deps.jobs.work('notification.rollup', ({ userId }) => sendRollup(deps, userId));
  await deps.jobs.schedule('notification.digest', '0 * * * *', {}, deps.config.timeZone);
}
