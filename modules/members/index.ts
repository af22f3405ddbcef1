/** Members and their families: the only door other modules use. */
export { default as Member, MEMBER_ROLES, GENDERS, type MemberRole } from './models/member.js'
export { default as MigrationBlock } from './models/migration_block.js'
export { familyService } from './services/family_service.js'
export { memberAdminService } from './services/member_admin_service.js'
export { lockMember } from './services/member_lock.js'
export { setMemberBlock } from './services/member_blocks.js'
export { findPrincipalByMemberId } from './services/member_lookup.js'
export {
  setMemberLanguage,
  rememberFirstLanguage,
  principalLanguageOf,
} from './services/member_language.js'
export { updateContact } from './services/member_contact.js'
export { advanceMemberSessionVersion } from './services/member_session_version.js'
export { recordEnrolment } from './services/member_enrolment.js'
export { censusInsertStatements, writeCensusMembers } from './services/census_members.js'
export {
  familyDataOf,
  familyPersonalValues,
  lockForErasure,
  eraseFamilyMembers,
} from './services/member_privacy.js'
export { searchMembers, MemberSearchHit } from './services/member_search.js'
