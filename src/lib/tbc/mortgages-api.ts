import { verifyWithFreshToken, type AreaContext, type ConnectionCheck, type VerifiableCredentials } from "./area"
import type { MortgagesApi } from "./types"

/**
 * TBC online mortgages: only token issuance (scope online_mortgages) is specified, so this
 * area hands out the cached token for callers that talk to the mortgage resources themselves.
 */

export type MortgagesClient = MortgagesApi & VerifiableCredentials

export class MortgagesApiClient implements MortgagesClient {
  constructor(private readonly options: AreaContext) {}

  /** A valid online_mortgages token (cached, single-flight, refreshed before expiry). */
  getAccessToken(): Promise<string> {
    return this.options.tokens.get()
  }

  verifyCredentials(): Promise<ConnectionCheck> {
    return verifyWithFreshToken("mortgages", this.options.tokens)
  }
}
