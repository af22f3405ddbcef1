import { documentRoutes } from '#modules/api_contract/index'
import { adminListValidator, changePasswordValidator, createAdminValidator, updateAdminValidator } from './validators.js'

/** The answer of admin.admin_users.change_password, admin.admin_users.destroy. */
const MESSAGE_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
  required: ['success', 'message'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.admin_users.change_password': {
    summary: 'Change an administrator\'s password',
    access: 'admin',
    body: changePasswordValidator,
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.admin_users.destroy': {
    summary: 'Delete an administrator',
    access: 'admin',
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.admin_users.index': {
    summary: 'Administrators',
    access: 'admin',
    query: adminListValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          admins: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                username: { type: 'string' },
                email: { type: ['string', 'null'] },
                created_at: { type: 'string' },
              },
              required: ['id', 'username', 'email', 'created_at'],
            },
          },
          total: { type: 'number' },
          page: { type: 'number' },
          limit: { type: 'number' },
        },
        required: ['success', 'admins', 'total', 'page', 'limit'],
      },
    },
  },
  'admin.admin_users.store': {
    summary: 'Create an administrator',
    access: 'admin',
    body: createAdminValidator,
    responses: {
      201: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          admin: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              username: { type: 'string' },
              email: { type: ['string', 'null'] },
              created_at: { type: 'string' },
            },
            required: ['id', 'username', 'email', 'created_at'],
          },
        },
        required: ['success', 'message', 'admin'],
      },
    },
  },
  'admin.admin_users.update': {
    summary: 'Update an administrator',
    access: 'admin',
    body: updateAdminValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          admin: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              username: { type: 'string' },
              email: { type: ['string', 'null'] },
              created_at: { type: 'string' },
            },
            required: ['id', 'username', 'email', 'created_at'],
          },
        },
        required: ['success', 'message', 'admin'],
      },
    },
  },
})
