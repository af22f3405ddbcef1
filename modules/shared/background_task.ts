/** A long-running task a module runs in the background; start() returns its stop function (listed in backend/start/background_tasks.ts). */
export interface BackgroundTask {
  start(): Promise<() => Promise<void>>
}
