/** Metrics (Prometheus) and request ids: what operators watch. */
export { importRows, jobFailures } from './metrics.js'
export { recordHttpRequest, recordWebhookEvent } from './http_recorder.js'
