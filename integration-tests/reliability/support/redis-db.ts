/**
 * A Redis logical database of its own for one test run (Redis at 127.0.0.1:TBC_TEST_REDIS_PORT,
 * 6379 unless `npm test` started one elsewhere: scripts/test-env/with-services.js): picks an empty
 * index among 1..15, so parallel runs and other users of db 0 do not collide, and flushes only
 * that index afterwards. Speaks RESP over a socket: no Redis client dependency for two commands.
 */
import net from "node:net"

const REDIS_PORT = Number(process.env.TBC_TEST_REDIS_PORT || 6379)

/**
 * The tests of a file that need Redis, declared inside `body`: run as usual, or, where `npm test`
 * could have no Redis (TBC_TEST_NO_REDIS holds why), skipped under a describe titled
 * "not run: <why>", which scripts/test.sh lists by name and counts as failed in CI.
 */
export function needsRedis(body: () => void): void {
  const missing = process.env.TBC_TEST_NO_REDIS
  if (missing) describe.skip(`not run: ${missing}`, body)
  else body()
}

function command(index: number, ...args: string[]): Promise<string> {
  const encode = (parts: string[]) =>
    `*${parts.length}\r\n` + parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join("")
  return new Promise((resolve, reject) => {
    const socket = net.connect(REDIS_PORT, "127.0.0.1")
    let answer = ""
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8")
      const lines = answer.split("\r\n")
      if (lines.length >= 3) {
        socket.end()
        resolve(lines[1])
      }
    })
    socket.on("error", reject)
    socket.write(encode(["SELECT", String(index)]) + encode(args))
  })
}

export async function claimRedisDb(): Promise<{ index: number; url: string; flush(): Promise<void> }> {
  const start = 1 + Math.floor(Math.random() * 15)
  for (let k = 0; k < 15; k++) {
    const index = 1 + ((start - 1 + k) % 15)
    const size = Number((await command(index, "DBSIZE")).replace(/^:/, ""))
    if (size === 0) {
      return {
        index,
        url: `redis://127.0.0.1:${REDIS_PORT}/${index}`,
        flush: async () => void (await command(index, "FLUSHDB")),
      }
    }
  }
  throw new Error("claimRedisDb: no empty Redis database among 1..15")
}
