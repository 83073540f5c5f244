import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export interface AdminRequestConfig {
  headers: { authorization: string }
}

/** Throwaway credentials of the admin created for one test database. */
const TEST_ADMIN = { email: "admin@tbc-it.ge", password: "admin-it-password" }

/**
 * Creates an admin user with an emailpass identity and logs it in through the real
 * `/auth/user/emailpass` route, so admin calls in the tests pass the same auth as in production
 * (no hand-signed JWT that would depend on the app's jwtSecret).
 *
 * Call it inside each test (the runner restores the database before every test, which removes
 * the user again).
 */
export async function createAdminRequestConfig(
  container: MedusaContainer,
  api: AxiosInstance
): Promise<AdminRequestConfig> {
  const auth = container.resolve(Modules.AUTH)
  const users = container.resolve(Modules.USER)
  const user = await users.createUsers({ email: TEST_ADMIN.email, first_name: "Test", last_name: "Admin" })
  const { success, authIdentity, error } = await auth.register("emailpass", { body: TEST_ADMIN })
  if (!success || !authIdentity) {
    throw new Error(`createAdminRequestConfig: admin ${TEST_ADMIN.email} could not be registered: ${error}`)
  }
  // The login route issues a user token only when the identity is linked to a user id.
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  const { data } = await api.post("/auth/user/emailpass", TEST_ADMIN)
  if (typeof data?.token !== "string") {
    throw new Error("createAdminRequestConfig: /auth/user/emailpass answered without a token")
  }
  return { headers: { authorization: `Bearer ${data.token}` } }
}
