// The unit suite runs the fast-check properties small (scripts/test.sh passes the cap as
// TBC_UNIT_PROPERTY_RUNS; the properties suite, .ci/run's step, at full size). Jest gives each test file
// its own copy of process.env, so this does not reach the other suites' files in the same worker.
if (process.env.TBC_UNIT_PROPERTY_RUNS) process.env.TBC_PROPERTY_RUNS = process.env.TBC_UNIT_PROPERTY_RUNS
