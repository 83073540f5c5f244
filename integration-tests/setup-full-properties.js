// The properties suite (.ci/run's step of its own) runs the fast-check properties at their full
// size, whatever cap the unit suite's files got (TBC_FULL_PROPERTY_RUNS may still cap them for a
// quick local run).
if (process.env.TBC_FULL_PROPERTY_RUNS) process.env.TBC_PROPERTY_RUNS = process.env.TBC_FULL_PROPERTY_RUNS
else delete process.env.TBC_PROPERTY_RUNS
