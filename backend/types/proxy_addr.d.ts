/** The part of proxy-addr (already used by @adonisjs/http-server) that config/app.ts uses. */
declare module 'proxy-addr' {
  const proxyAddr: {
    compile(trusted: string | string[]): (address: string, hop: number) => boolean
  }
  export default proxyAddr
}
