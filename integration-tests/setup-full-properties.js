// The reliability suite runs the fast-check properties at their full size, whatever cap the unit
// suite's files got (TBC_RELIABILITY_PROPERTY_RUNS may still cap them for a quick local run).
if (process.env.TBC_RELIABILITY_PROPERTY_RUNS) process.env.TBC_PROPERTY_RUNS = process.env.TBC_RELIABILITY_PROPERTY_RUNS
else delete process.env.TBC_PROPERTY_RUNS
