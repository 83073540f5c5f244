// `import plugin from "medusa-payment-tbc/admin"` (.medusa/server/src/admin/index.mjs: export default)
import type { AdminPlugin } from "./admin-plugin.js"

declare const plugin: AdminPlugin
export default plugin
