/** Metrics (Prometheus) and request ids: what operators watch. */
export {
  registry,
  renderMetrics,
  loginAttempts,
  importRows,
  webhookEvents,
  webhookDelay,
  jobFailures,
} from './metrics.js'
export { recordHttpRequest, recordWebhookEvent } from './http_recorder.js'
