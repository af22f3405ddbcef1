/*
| HTTP server entry point: `node --import=ts-node-maintained/register/esm backend/bin/server.ts`
*/
import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './app_root.js'
import { createNodeServer } from './node_server.js'
import { recordAddress } from './record_address.js'

createIgnitor()
  .httpServer()
  .start(createNodeServer)
  .then(recordAddress)
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
