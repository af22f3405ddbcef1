import { documentRoutes } from '#modules/api_contract/index'
import { migrationIdValidator } from './validators.js'

const NUMBER_OR_NULL = { type: ['number', 'null'] }
const COMPARISON = {
  type: 'object',
  required: ['used', 'today', 'difference', 'differencePercent', 'changed'],
  properties: { used: NUMBER_OR_NULL, today: NUMBER_OR_NULL, difference: NUMBER_OR_NULL, differencePercent: NUMBER_OR_NULL, changed: { type: 'boolean' } },
}

documentRoutes({
  'migrations.frozen_quote': {
    summary: "The rates and surcharge a migration's price was computed with, and today's values beside them",
    access: 'admin',
    params: migrationIdValidator,
    responses: {
      200: {
        type: 'object',
        required: ['success', 'quote'],
        properties: {
          success: { const: true },
          quote: {
            type: 'object',
            required: ['migrationId', 'quotedAt', 'comparedAt', 'currency', 'members', 'changed'],
            properties: {
              migrationId: { type: 'integer' },
              quotedAt: { type: ['string', 'null'] },
              comparedAt: { type: 'string' },
              changed: { type: 'boolean' },
              currency: {
                type: 'object',
                required: ['code', 'state', 'rate', 'surchargePercentage'],
                properties: { code: { type: 'string' }, state: { enum: ['enabled', 'disabled', 'removed'] }, rate: COMPARISON, surchargePercentage: COMPARISON },
              },
              members: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'role', 'premiumCurrency', 'rate'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' }, role: { type: 'string' }, premiumCurrency: { type: 'string' }, rate: COMPARISON },
                },
              },
            },
          },
        },
      },
    },
  },
})
