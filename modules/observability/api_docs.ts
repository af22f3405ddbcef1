import { documentRoutes } from '#modules/api_contract/index'

documentRoutes({
  'metrics.show': {
    summary: 'Prometheus metrics (404 while METRICS_TOKEN is unset)',
    access: 'metrics',
    responses: { 200: { contentType: 'text/plain; version=0.0.4' } },
  },
})
