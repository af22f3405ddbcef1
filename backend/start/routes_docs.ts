import { documentRoutes } from '#modules/api_contract/index'

const HTML = { contentType: 'text/html' }
const REDIRECT = { contentType: 'text/plain' }

/** The contract of the routes backend/start/routes.ts adds itself. */
documentRoutes({
  'health': {
    summary: 'The process answers',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        required: ['success', 'status'],
        properties: { success: { const: true }, status: { const: 'ok' } },
      },
    },
  },
  'health.live': {
    summary: 'Liveness: the process answers',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        required: ['success', 'status'],
        properties: { success: { const: true }, status: { const: 'live' } },
      },
    },
  },
  'health.ready': {
    summary:
      'Readiness: database reachable, migrations applied, worker alive (else 503 with the same checks)',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        required: ['success', 'status', 'checks'],
        properties: {
          success: { const: true },
          status: { const: 'ready' },
          checks: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
  'api.not_found': { summary: 'Any unknown API path: 404 JSON', access: 'public', responses: {} },
  'api.openapi': {
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        required: ['openapi', 'paths'],
        properties: {
          openapi: { const: '3.1.0' },
          paths: { type: 'object', additionalProperties: { type: 'object' } },
        },
        additionalProperties: true,
      },
    },
  },
  'api.docs': {
    summary: 'The API documentation for people (Swagger UI, served from this server)',
    access: 'public',
    responses: { 200: HTML },
  },
  'api.docs.asset': {
    summary: 'Files of the documentation viewer',
    access: 'public',
    responses: { 200: { contentType: 'application/javascript' } },
  },
  'root': {
    summary: 'Redirect to the member sign-in',
    access: 'public',
    responses: { 302: REDIRECT },
  },
  'admin.root': {
    summary: 'Redirect to the back-office dashboard',
    access: 'public',
    responses: { 302: REDIRECT },
  },
  'shop.root': {
    summary: 'Redirect to the member sign-in',
    access: 'public',
    responses: { 302: REDIRECT },
  },
  'spa.shop': {
    summary: 'Member shop (single-page app)',
    access: 'public',
    responses: { 200: HTML },
  },
  'spa.admin': {
    summary: 'Back-office (single-page app)',
    access: 'public',
    responses: { 200: HTML },
  },
})
