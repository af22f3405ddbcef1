import { documentRoutes } from '#modules/api_contract/index'
import { previewRecordsValidator, cleanValidator, confirmImportValidator, previewErrorsValidator } from './validators.js'

const DELETED_COUNTS = {
  type: 'object',
  properties: { members: { type: 'number' }, migrations: { type: 'number' } },
  required: ['members', 'migrations'],
}

/** A clean run: `interrupted` = its process died; the next clean (same phrase) finishes it. */
const CLEAN_RUN = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    status: { type: 'string', enum: ['running', 'interrupted', 'done', 'failed'] },
    deletedRows: { type: 'number' },
    totalRows: { type: 'number' },
    deletedCounts: DELETED_COUNTS,
    error: { type: ['string', 'null'] },
  },
  required: ['id', 'status', 'deletedRows', 'totalRows', 'deletedCounts', 'error'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'data.clean': {
    summary: 'Delete member and migration data (typed confirmation): 200 when done within 2 s, else 202 while it runs in batches (follow it with data.clean_status)',
    access: 'admin',
    body: cleanValidator,
    responses: {
      200: {
        type: 'object',
        properties: { success: { type: 'boolean' }, deletedCounts: DELETED_COUNTS, clean: CLEAN_RUN },
        required: ['success', 'deletedCounts', 'clean'],
      },
      202: {
        type: 'object',
        properties: { success: { type: 'boolean' }, deletedCounts: DELETED_COUNTS, clean: CLEAN_RUN },
        required: ['success', 'deletedCounts', 'clean'],
      },
    },
  },
  'data.clean_status': {
    summary: 'The latest Clean Database run and its progress (null when there was none)',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: { success: { type: 'boolean' }, clean: { anyOf: [CLEAN_RUN, { type: 'null' }] } },
        required: ['success', 'clean'],
      },
    },
  },
  'data.confirm_import': {
    summary: 'Import a previewed census',
    access: 'admin',
    body: confirmImportValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          membersImported: { type: 'number' },
          membersUpdated: { type: 'number' },
          membersUnchanged: { type: 'number' },
          membersSkipped: { type: 'number' },
          newProductsAdded: { type: 'number' },
          errors: { type: 'array', items: { type: 'string' } },
        },
        required: [
          'success',
          'membersImported',
          'membersUpdated',
          'membersUnchanged',
          'membersSkipped',
          'newProductsAdded',
          'errors',
        ],
      },
    },
  },
  'data.preview': {
    summary:
      'Preview a census file (CSV or XLSX, form field `file`; optional `mapping`, a JSON object census column → file column) with a dry run of the import. ' +
      'A required column still missing answers 422 with `missingColumns` and the file\'s `fileColumns`.',
    access: 'admin',
    upload: { field: 'file' },
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          cacheKey: { type: 'string' },
          preview: {
            type: 'object',
            properties: {
              totalRecords: { type: 'number' },
              uniqueMembers: { type: 'number' },
              products: { type: 'array', items: { type: 'string' } },
              sampleRecords: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    row: { type: 'number' },
                    name: { type: 'string' },
                    memberId: { type: ['string', 'null'] },
                    dateOfBirth: { type: ['string', 'null'] },
                    role: { type: 'string' },
                    residenceCountry: { type: ['string', 'null'] },
                    principalName: { type: ['string', 'null'] },
                    principalPersonId: { type: ['string', 'null'] },
                    personId: { type: ['string', 'null'] },
                    product: { type: 'string' },
                    email: { type: ['string', 'null'] },
                  },
                  required: [
                    'row',
                    'name',
                    'memberId',
                    'dateOfBirth',
                    'role',
                    'residenceCountry',
                    'principalName',
                    'principalPersonId',
                    'personId',
                    'product',
                    'email',
                  ],
                },
              },
              validationWarnings: { type: 'array', items: { type: 'string' } },
              invalidRecords: { type: 'number' },
              counts: {
                type: 'object',
                description: 'What confirming will do to the members table (a dry run)',
                properties: { new: { type: 'integer' }, updated: { type: 'integer' }, unchanged: { type: 'integer' }, skipped: { type: 'integer' } },
                required: ['new', 'updated', 'unchanged', 'skipped'],
              },
              allRecords: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    row: { type: 'number' },
                    name: { type: 'string' },
                    memberId: { type: ['string', 'null'] },
                    dateOfBirth: { type: ['string', 'null'] },
                    role: { type: 'string' },
                    residenceCountry: { type: ['string', 'null'] },
                    principalName: { type: ['string', 'null'] },
                    principalPersonId: { type: ['string', 'null'] },
                    personId: { type: ['string', 'null'] },
                    product: { type: 'string' },
                    email: { type: ['string', 'null'] },
                  },
                  required: [
                    'row',
                    'name',
                    'memberId',
                    'dateOfBirth',
                    'role',
                    'residenceCountry',
                    'principalName',
                    'principalPersonId',
                    'personId',
                    'product',
                    'email',
                  ],
                },
              },
            },
            required: [
              'totalRecords',
              'uniqueMembers',
              'products',
              'sampleRecords',
              'validationWarnings',
              'invalidRecords',
              'counts',
              'allRecords',
            ],
          },
        },
        required: ['success', 'message', 'cacheKey', 'preview'],
      },
    },
  },
  'data.stats': {
    summary: 'Database statistics',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          stats: {
            type: 'object',
            properties: {
              members: { type: 'number' },
              migrations: { type: 'number' },
              subscriptions: { type: 'number' },
              products: { type: 'number' },
            },
            required: ['members', 'migrations', 'subscriptions', 'products'],
          },
        },
        required: ['success', 'stats'],
      },
    },
  },
  'data.preview_errors': {
    summary: 'The skipped rows of a census preview as CSV: the file\'s columns, then Row and Reason (only for the admin who made the preview)',
    access: 'admin',
    query: previewErrorsValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'data.preview_records': {
    summary: 'A page of a census preview\'s records, sorted on the server (only for the admin who made the preview)',
    access: 'admin',
    query: previewRecordsValidator,
    responses: {
      200: {
        type: 'object',
        required: ['success', 'records', 'total', 'page', 'limit'],
        properties: { success: { const: true }, records: { type: 'array', items: { type: 'object' } }, total: { type: 'integer' }, page: { type: 'integer' }, limit: { type: 'integer' } },
      },
    },
  },
})
