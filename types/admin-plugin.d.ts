/**
 * The shape of `medusa-payment-tbc/admin`: the admin extension that `medusa plugin:build` bundles
 * from src/admin (.medusa/server/src/admin/index.js and .mjs), which Medusa's dashboard build
 * imports when the store lists the plugin. A store's own code has no use for it; the types are
 * here so that every entry of the package has some (the install test checks the keys at runtime).
 * Self-contained on purpose: the dashboard's own types live in @medusajs/dashboard, which a store
 * has only as a dependency of Medusa's, not one it can import under pnpm.
 */
/** A React component, without needing React's types. */
type AdminComponent = (props: never) => unknown

export interface AdminPlugin {
  widgetModule: { widgets: { Component: AdminComponent; zone: string[]; widgetId?: string }[] }
  routeModule: { routes: { Component: AdminComponent; path: string; handle?: object }[] }
  menuItemModule: { menuItems: { label: string; path: string; rank?: number; translationNs?: string }[] }
  formModule: { customFields: Record<string, unknown> }
  displayModule: { displays: Record<string, unknown> }
  /** the admin's words, per language (en, ka, ru) */
  i18nModule: { resources: Record<string, Record<string, unknown>> }
}
