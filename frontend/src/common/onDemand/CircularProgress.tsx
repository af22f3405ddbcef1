import { onDemand } from './onDemand'

/** CircularProgress on demand (the shop's build, for Button's `loading` indicator; see onDemand.tsx). */
export default onDemand(() => import('@mui/material/CircularProgress'))
