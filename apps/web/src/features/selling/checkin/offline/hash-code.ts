/**
 * The ticket code's hash as the server lists it for the offline cache: lowercase hex SHA-256 of
 * the code's UTF-8 bytes (`@bookla/shared` checkin.ts). Web Crypto needs a secure context
 * (https or localhost), as the camera does.
 */
export async function hashTicketCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
