/**
 * An admin notification on Medusa's notification module (admin feed channel) when one is
 * configured; always a log line too, so nothing depends on the notification module being set up.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

export async function noticeToAdmin(container: MedusaContainer, title: string, description: string): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.warn(`[tbc reconcile] ${title}: ${description}`)
  try {
    await container.resolve(Modules.NOTIFICATION).createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: { title, description },
    })
  } catch (error) {
    // no notification module / no feed provider configured: the log line (and the admin pages) remain
    logger.debug(`[tbc reconcile] no admin notification sent: ${error instanceof Error ? error.message : error}`)
  }
}
