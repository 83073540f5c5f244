/** The `next` types the guide uses. */
export type Metadata = { title?: string; description?: string }
