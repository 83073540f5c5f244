import net from "net"

/** A loopback port nothing listens on right now (the OS picked it for a listener that was closed). */
export function getFreePortForTest(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
