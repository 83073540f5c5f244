// MikroORM keeps its entity metadata in one object on globalThis ("mikro-orm-metadata": the
// MetadataStorage.metadata of @mikro-orm/core), and jest hands each test file's global the same
// object again (the worker's own globals are copied in), so a file would start with the entities
// of the files before it in that worker: emptied here, as MetadataStorage.clear() does
// (integration-tests/__tests__/setup.unit.spec.ts holds the two the same), without loading MikroORM
// for the many files that never use it.
const metadata = globalThis["mikro-orm-metadata"]
if (metadata) for (const key of Object.keys(metadata)) delete metadata[key]
