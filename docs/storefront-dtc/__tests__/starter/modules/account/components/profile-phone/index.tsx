import { HttpTypes } from "@medusajs/types"
import React from "react"

/** One of the starter's profile forms: here only the customer's email, to show whose page it is. */
const ProfileSection = ({ customer }: { customer: HttpTypes.StoreCustomer; regions?: HttpTypes.StoreRegion[] }) => (
  <p>{customer.email}</p>
)

export default ProfileSection
