/** The starter reads NEXT_PUBLIC_BASE_URL. */
export const getBaseURL = (): string => "https://localhost:8000"
