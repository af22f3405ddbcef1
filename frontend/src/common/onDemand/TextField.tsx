import { onDemand } from './onDemand'

/** MUI's TextField on demand (the back-office's build, for react-admin's page-title editor; see onDemand.tsx). */
export const TextField = onDemand(() => import('@mui/material/TextField'))
