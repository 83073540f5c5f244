import net from "net"

/**
 * A TCP port that is free on 127.0.0.1 right now: the OS picks it for a throwaway listener that is
 * closed again. Another process could take it before the caller binds it, which is acceptable in
 * tests (the caller fails loudly with EADDRINUSE) and avoids fixed ports colliding between suites.
 */
export async function getFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once("error", reject)
    server.listen(0, host, () => {
      const address = server.address()
      if (address === null || typeof address === "string") {
        server.close()
        reject(new Error(`getFreePort: no TCP address from a listener on ${host}`))
        return
      }
      server.close(() => resolve(address.port))
    })
  })
}
