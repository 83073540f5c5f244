/**
 * Just enough React to run the kit's components as functions, with no DOM: state is kept between
 * "renders" (by hook order, as React does), an effect runs when its dependencies change, and the
 * element tree can be searched by test id and read as text.
 */
import type { ReactLike } from "../react"

export interface FakeElement {
  type: string
  props: Record<string, unknown>
  children: unknown[]
}

export function fakeReact() {
  const state: unknown[] = []
  const effectDeps: Array<readonly unknown[] | undefined> = []
  const seen = new Set<number>()
  let pending: Array<() => void | (() => void)> = []
  let stateCursor = 0
  let effectCursor = 0
  const react: ReactLike<FakeElement> = {
    createElement: (type, props, ...children) => ({ type, props: props ?? {}, children }),
    useState<S>(initial: S) {
      const index = stateCursor++
      if (!(index in state)) state[index] = initial
      return [state[index] as S, (value: S) => void (state[index] = value)]
    },
    useEffect(effect, deps) {
      const index = effectCursor++
      const before = effectDeps[index]
      const changed =
        !seen.has(index) || !deps || !before || deps.length !== before.length || deps.some((d, i) => d !== before[i])
      seen.add(index)
      effectDeps[index] = deps
      if (changed) pending.push(effect)
    },
  }
  return {
    react,
    render<P, R>(component: (props: P) => R, props: P): R {
      stateCursor = 0
      effectCursor = 0
      return component(props)
    },
    /** Runs the effects the last renders queued (in order), as React does after a commit. */
    runEffects() {
      const now = pending
      pending = []
      now.forEach((effect) => effect())
    },
  }
}

/** Lets the promises the components started settle. */
export const flush = () => new Promise((resolve) => setImmediate(resolve))

const isElement = (node: unknown): node is FakeElement =>
  typeof node === "object" && node !== null && "type" in node && "children" in node

/** Every element of the tree, depth first. */
export function elementsOf(node: unknown): FakeElement[] {
  if (Array.isArray(node)) return node.flatMap(elementsOf)
  if (!isElement(node)) return []
  return [node, ...node.children.flatMap(elementsOf)]
}

/** The elements with `data-testid` = `id`. */
export const byTestId = (tree: unknown, id: string) => elementsOf(tree).filter((e) => e.props["data-testid"] === id)

/** The one element with `data-testid` = `id` (an error when there is none or several). */
export function oneByTestId(tree: unknown, id: string): FakeElement {
  const found = byTestId(tree, id)
  if (found.length !== 1) throw new Error(`expected one ${id}, found ${found.length}`)
  return found[0]
}

/** The text of a tree, as a browser would show it (children joined). */
export function textOf(node: unknown): string {
  if (node === null || node === undefined || node === false) return ""
  if (typeof node === "string" || typeof node === "number") return String(node)
  if (Array.isArray(node)) return node.map(textOf).join("")
  return isElement(node) ? node.children.map(textOf).join("") : ""
}
