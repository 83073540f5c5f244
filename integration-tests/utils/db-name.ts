/**
 * The PostgreSQL database name of one test file. TBC_TEST_DB_SUFFIX (unset in CI) lets two
 * checkouts of the project run the same spec on one PostgreSQL at once without sharing a database.
 */
export function testDbName(name: string): string {
  const suffix = process.env.TBC_TEST_DB_SUFFIX?.trim()
  return suffix ? `${name}-${suffix}` : name
}
