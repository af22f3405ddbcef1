/** The audit trail of administrator and operator writes: the only door other modules use. */
export {
  recordAudit,
  cliActor,
  auditLog,
  AUDIT_PAGE_SIZE,
  type Actor,
  type AuditEntry,
  type AuditInput,
} from './services/audit_service.js'
export { maskSecrets, AUDIT_MASK } from './services/masking.js'
export { adminActor } from './actor.js'
