// Placeholder until the customer-accounts work lands (replaced in this session before commit).
export function AccountPage() {
  return null;
}
export function AccountLinkPage(_: { token: string }) {
  return null;
}
