/** next/cache: nothing is cached outside Next.js. */
export function revalidateTag(tag: string): void {
  void tag
}
