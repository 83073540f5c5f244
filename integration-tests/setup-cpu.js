/* global afterAll, expect -- jest runs this file (setupFilesAfterEnv) with its globals in place */
// The CPU time each test file took, for the summary's "most CPU" list (scripts/test.sh sets
// TBC_TEST_CPU_LOG). Read from /proc: the worker's own user+system time plus that of the child
// processes it has reaped (a browser, a sandbox or a build the file started and stopped); a jest
// worker runs one file at a time, so the difference from the file's start to its end is the file's.
const fs = require("fs")

const logFile = process.env.TBC_TEST_CPU_LOG
function cpuTicks() {
  // fields after the ")" of the command name: utime is the 14th field, stime, cutime, cstime follow
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")
  return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0)
}
if (logFile && fs.existsSync("/proc/self/stat")) {
  const started = cpuTicks()
  afterAll(() => {
    // clock ticks are 1/100 s on Linux (USER_HZ)
    const seconds = (cpuTicks() - started) / 100
    fs.appendFileSync(logFile, JSON.stringify({ file: expect.getState().testPath, seconds }) + "\n")
  })
}
