// react-admin's error pages, loaded by shell.tsx only when one is shown.
export { AccessDenied, AuthenticationError, Error } from 'react-admin'
