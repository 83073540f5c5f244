import crypto from "crypto"
import fs from "fs"
import path from "path"

/** Every file below `dir` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/**
 * A sha1 of files' paths (relative to `root`) and contents, in the order given: the key of
 * something built from them (the migrated template database, the admin build), so that a changed
 * input makes a new one and a stale one is never used. Returned undigested, for more to be added.
 */
export function hashOfFiles(root: string, files: readonly string[]): crypto.Hash {
  const hash = crypto.createHash("sha1")
  for (const file of files) {
    hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0")
  }
  return hash
}
