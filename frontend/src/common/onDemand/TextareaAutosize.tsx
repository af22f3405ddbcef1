import { onDemand } from './onDemand'

/** TextareaAutosize on demand (the shop's build, for InputBase's `multiline`; see onDemand.tsx). */
export default onDemand(() => import('@mui/material/TextareaAutosize'))
