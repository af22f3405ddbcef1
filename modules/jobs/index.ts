/** Durable background work stored in the jobs table: the only door other modules use. */
export { default as Job } from './models/job.js'
export { jobQueue, retryDelaySeconds } from './job_queue.js'
export { JobWorker, workerHeartbeats, type JobHandler } from './job_worker.js'
export { JOB_TYPES } from './job_types.js'
