// App tests: Medusa's logger at "warn" unless LOG_LEVEL says otherwise. At its default ("http") a
// booted app logs every migration, subscriber and job as info lines, and jest's console formats
// each one with a stack trace: a large share of an app file's CPU time on this 2-core machine.
// Warnings and errors still show; a spec that needs more sets the level itself, for its test
// (secrets.app.ts).
if (!process.env.LOG_LEVEL) process.env.LOG_LEVEL = "warn"
