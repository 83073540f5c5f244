// `require("medusa-payment-tbc/admin")` (.medusa/server/src/admin/index.js: module.exports = plugin)
import type { AdminPlugin } from "./admin-plugin"

declare const plugin: AdminPlugin
export = plugin
