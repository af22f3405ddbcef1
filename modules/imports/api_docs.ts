import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, ValidationIssue, Nullable } from '#modules/api_contract/index'
import {
  previewRecordsValidator,
  cleanValidator,
  confirmImportValidator,
  previewErrorsValidator,
} from './validators.js'

const SampleRecord = Type.Object(
  {
    row: Type.Number(),
    name: Type.String(),
    memberId: Nullable(Type.String()),
    dateOfBirth: Nullable(Type.String()),
    role: Type.String(),
    residenceCountry: Nullable(Type.String()),
    principalName: Nullable(Type.String()),
    principalPersonId: Nullable(Type.String()),
    personId: Nullable(Type.String()),
    product: Type.String(),
    email: Nullable(Type.String()),
  },
  { $id: 'SampleRecord' }
)
type SampleRecord = Static<typeof SampleRecord>

const DeletedCounts = Type.Object({
  members: Type.Number(),
  migrations: Type.Number(),
})

/** A clean run: `interrupted` = its process died; the next clean (same phrase) finishes it. */
const CleanRun = Type.Object(
  {
    id: Type.Number(),
    status: Type.Union([
      Type.Literal('running'),
      Type.Literal('interrupted'),
      Type.Literal('done'),
      Type.Literal('failed'),
    ]),
    deletedRows: Type.Number(),
    totalRows: Type.Number(),
    deletedCounts: DeletedCounts,
    error: Nullable(Type.String()),
  },
  { $id: 'CleanRun' }
)
type CleanRun = Static<typeof CleanRun>

const DataCleanAnswer = Type.Object({
  success: Type.Boolean(),
  deletedCounts: DeletedCounts,
  clean: CleanRun,
})
export type DataCleanAnswer = Static<typeof DataCleanAnswer>

const DataCleanStatusAnswer = Type.Object({
  success: Type.Boolean(),
  clean: Nullable(CleanRun),
})
export type DataCleanStatusAnswer = Static<typeof DataCleanStatusAnswer>

export const DataConfirmImportAnswer = Type.Object({
  success: Type.Boolean(),
  membersImported: Type.Number(),
  membersUpdated: Type.Number(),
  membersUnchanged: Type.Number(),
  membersSkipped: Type.Number(),
  newProductsAdded: Type.Number(),
  errors: Type.Array(Type.String()),
})
export type DataConfirmImportAnswer = Static<typeof DataConfirmImportAnswer>

const DataPreviewAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  cacheKey: Type.String(),
  preview: Type.Object({
    totalRecords: Type.Number(),
    uniqueMembers: Type.Number(),
    products: Type.Array(Type.String()),
    sampleRecords: Type.Array(SampleRecord),
    validationWarnings: Type.Array(Type.String()),
    invalidRecords: Type.Number(),
    counts: Type.Object(
      {
        new: Type.Integer(),
        updated: Type.Integer(),
        unchanged: Type.Integer(),
        skipped: Type.Integer(),
      },
      { description: 'What confirming will do to the members table (a dry run)' }
    ),
    allRecords: Type.Array(SampleRecord),
  }),
})
export type DataPreviewAnswer = Static<typeof DataPreviewAnswer>

/** A preview refused: a validation error, or the file's missing census columns (the mapping step's question). */
const DataPreviewRefusedAnswer = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  requestId: Type.String(),
  errors: Type.Optional(Type.Array(ValidationIssue)),
  missingColumns: Type.Optional(Type.Array(Type.String())),
  fileColumns: Type.Optional(Type.Array(Type.String())),
})

export const DataStatsAnswer = Type.Object({
  success: Type.Boolean(),
  stats: Type.Object({
    members: Type.Number(),
    migrations: Type.Number(),
    subscriptions: Type.Number(),
    products: Type.Number(),
  }),
})
export type DataStatsAnswer = Static<typeof DataStatsAnswer>

export const DataPreviewRecordsAnswer = Type.Object({
  success: Type.Literal(true),
  records: Type.Array(
    Type.Object({
      row: Type.Number(),
      name: Type.String(),
      memberId: Type.String(),
      dateOfBirth: Type.String(),
      role: Type.String(),
      residenceCountry: Type.String(),
      principalName: Type.String(),
      principalPersonId: Type.String(),
      personId: Type.String(),
      product: Type.String(),
      email: Type.String(),
    })
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
})
export type DataPreviewRecordsAnswer = Static<typeof DataPreviewRecordsAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'data.clean': {
    summary:
      'Delete member and migration data (typed confirmation): 200 when done within 2 s, else 202 while it runs in batches (follow it with data.clean_status)',
    access: 'admin',
    body: cleanValidator,
    responses: {
      200: DataCleanAnswer,
      202: DataCleanAnswer,
    },
  },
  'data.clean_status': {
    summary: 'The latest Clean Database run and its progress (null when there was none)',
    access: 'admin',
    responses: {
      200: DataCleanStatusAnswer,
    },
  },
  'data.confirm_import': {
    summary: 'Import a previewed census',
    access: 'admin',
    body: confirmImportValidator,
    responses: {
      200: DataConfirmImportAnswer,
    },
  },
  'data.preview': {
    summary:
      'Preview a census file (CSV or XLSX, form field `file`; optional `mapping`, a JSON object census column → file column) with a dry run of the import. ' +
      "A required column still missing answers 422 with `missingColumns` and the file's `fileColumns`.",
    access: 'admin',
    upload: { field: 'file' },
    responses: {
      200: DataPreviewAnswer,
      422: DataPreviewRefusedAnswer,
    },
  },
  'data.stats': {
    summary: 'Database statistics',
    access: 'admin',
    responses: {
      200: DataStatsAnswer,
    },
  },
  'data.preview_errors': {
    summary:
      "The skipped rows of a census preview as CSV: the file's columns, then Row and Reason (only for the admin who made the preview)",
    access: 'admin',
    query: previewErrorsValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'data.preview_records': {
    summary:
      "A page of a census preview's records, sorted on the server (only for the admin who made the preview)",
    access: 'admin',
    query: previewRecordsValidator,
    responses: {
      200: DataPreviewRecordsAnswer,
    },
  },
})
