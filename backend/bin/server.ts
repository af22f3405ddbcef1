/*
| HTTP server entry point: `node --import=ts-node-maintained/register/esm backend/bin/server.ts`
*/
import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './app_root.js'

createIgnitor()
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
