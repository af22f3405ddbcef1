import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { migrationIdValidator } from './validators.js'

const RateComparison = Type.Object(
  {
    used: Nullable(Type.Number()),
    today: Nullable(Type.Number()),
    difference: Nullable(Type.Number()),
    differencePercent: Nullable(Type.Number()),
    changed: Type.Boolean(),
  },
  { $id: 'RateComparison' }
)
type RateComparison = Static<typeof RateComparison>

export const MigrationsFrozenQuoteAnswer = Type.Object({
  success: Type.Literal(true),
  quote: Type.Object({
    migrationId: Type.Integer(),
    quotedAt: Nullable(Type.String()),
    comparedAt: Type.String(),
    changed: Type.Boolean(),
    currency: Type.Object({
      code: Type.String(),
      state: Type.Union([
        Type.Literal('enabled'),
        Type.Literal('disabled'),
        Type.Literal('removed'),
      ]),
      rate: RateComparison,
      surchargePercentage: RateComparison,
    }),
    members: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        role: Type.String(),
        premiumCurrency: Type.String(),
        rate: RateComparison,
      })
    ),
  }),
})
export type MigrationsFrozenQuoteAnswer = Static<typeof MigrationsFrozenQuoteAnswer>

export const MigrationsConsentsAnswer = Type.Object({
  success: Type.Literal(true),
  consents: Type.Array(
    Type.Object({
      textVersion: Type.String(),
      language: Type.String(),
      acceptedAt: Type.String({ description: 'ISO time in UTC' }),
      text: Type.String({ description: 'The words accepted, as shown to the member' }),
      ip: Type.String(),
    })
  ),
})
export type MigrationsConsentsAnswer = Static<typeof MigrationsConsentsAnswer>

documentRoutes({
  'migrations.consents': {
    summary: 'What the member accepted before paying (text version, words, language, time, IP)',
    access: 'admin',
    params: migrationIdValidator,
    responses: { 200: MigrationsConsentsAnswer },
  },
  'migrations.frozen_quote': {
    summary:
      "The rates and surcharge a migration's price was computed with, and today's values beside them",
    access: 'admin',
    params: migrationIdValidator,
    responses: {
      200: MigrationsFrozenQuoteAnswer,
    },
  },
})
