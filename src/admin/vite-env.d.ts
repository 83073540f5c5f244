/** Set by Medusa's admin bundler: the backend's URL, "" when the admin is served by the backend itself. */
declare const __BACKEND_URL__: string | undefined
