// Placeholder until the waiting-list work lands (replaced in this session before commit).
export function WaitinglistOfferPage(_: { id: number; token: string }) {
  return null;
}
