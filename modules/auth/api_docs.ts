import { documentRoutes } from '#modules/api_contract/index'
import { adminLoginValidator, memberLoginValidator, tokenLoginValidator } from './validators.js'

/** The answer of admin.login, admin.me. */
const ADMIN_ACCOUNT_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    admin: {
      type: 'object',
      properties: { id: { type: 'number' }, username: { type: 'string' }, email: { type: ['string', 'null'] } },
      required: ['id', 'username', 'email'],
    },
  },
  required: ['success', 'admin'],
}

/** The answer of admin.logout, auth.logout. */
const LOGOUT_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' } },
  required: ['success'],
}

/** The answer of auth.login, auth.validate_token. */
const MEMBER_SIGN_IN_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    member: {
      type: 'object',
      properties: { id: { type: 'number' }, name: { type: 'string' } },
      required: ['id', 'name'],
    },
  },
  required: ['success', 'member'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.login': {
    summary: 'Administrator sign-in',
    access: 'public',
    body: adminLoginValidator,
    responses: {
      200: ADMIN_ACCOUNT_ANSWER,
    },
  },
  'admin.logout': {
    summary: 'End the administrator session',
    access: 'admin',
    responses: {
      200: LOGOUT_ANSWER,
    },
  },
  'admin.me': {
    summary: 'The signed-in administrator',
    access: 'admin',
    responses: {
      200: ADMIN_ACCOUNT_ANSWER,
    },
  },
  'auth.login': {
    summary: 'Member sign-in with member ID and date of birth',
    access: 'public',
    body: memberLoginValidator,
    responses: {
      200: MEMBER_SIGN_IN_ANSWER,
    },
  },
  'auth.logout': {
    summary: 'End the member session',
    access: 'public',
    responses: {
      200: LOGOUT_ANSWER,
    },
  },
  'auth.session': {
    summary: 'The member session, if any',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          authenticated: { type: 'boolean' },
          member: {
            type: 'object',
            properties: { id: { type: 'number' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
        },
        required: ['success', 'authenticated'],
      },
    },
  },
  'auth.validate_token': {
    summary: 'Member sign-in with a secure link and birth year',
    access: 'public',
    body: tokenLoginValidator,
    responses: {
      200: MEMBER_SIGN_IN_ANSWER,
    },
  },
})
