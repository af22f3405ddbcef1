/** The audit trail of administrator and operator writes: the only door other modules use. */
export {
  recordAudit,
  cliActor,
  auditLog,
  auditEntriesAbout,
  type Actor,
} from './services/audit_service.js'
export { AUDIT_MASK } from './services/masking.js'
export { adminActor } from './actor.js'
export { eraseAuditTexts } from './services/audit_erasure.js'
export { sendListExport } from './services/list_export.js'
