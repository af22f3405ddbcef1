import type { BackgroundTask } from '#modules/shared/index'

/** Background tasks of the domain modules, started by the background provider. */
export const BACKGROUND_TASKS: (() => Promise<BackgroundTask>)[] = [
  async () => (await import('#modules/catalog/index')).ratesSchedulerTask,
  () => import('#modules/fulfilment/index').then((module) => module.fulfilmentWorkerTask),
  () => import('#modules/fulfilment/index').then((module) => module.deliverySweepTask),
  () => import('#modules/auth/index').then((module) => module.sessionSweeperTask),
  () => import('#modules/backoffice/index').then((module) => module.invitationRemindersTask),
  () => import('#modules/dunning/index').then((module) => module.dunningRemindersTask),
  () => import('#modules/fulfilment/index').then((module) => module.renewalTask),
  () => import('#modules/payments/index').then((module) => module.reconciliationTask),
]
