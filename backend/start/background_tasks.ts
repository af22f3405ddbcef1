/** A long-running task a module runs in the background; start() returns its stop function. */
export interface BackgroundTask {
  start(): Promise<() => Promise<void>>
}

/** Background tasks of the domain modules, started by the background provider. */
export const BACKGROUND_TASKS: (() => Promise<BackgroundTask>)[] = [
  async () => (await import('#modules/catalog/index')).ratesSchedulerTask,
  () => import('#modules/fulfilment/index').then((module) => module.fulfilmentWorkerTask),
  () => import('#modules/notifications/index').then((module) => module.abandonedDeliveriesTask),
  () => import('#modules/auth/index').then((module) => module.sessionSweeperTask),
  () => import('#modules/backoffice/index').then((module) => module.invitationRemindersTask),
  () => import('#modules/fulfilment/index').then((module) => module.dunningRemindersTask),
  () => import('#modules/payments/index').then((module) => module.reconciliationTask),
]
