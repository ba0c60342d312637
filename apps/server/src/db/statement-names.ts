/**
 * Whether statements may run as named prepared statements: not behind a pooler in transaction mode
 * (DATABASE_POOL_MODE=transaction), which hands every transaction any server connection, where the
 * name would be unknown ("prepared statement … does not exist") or taken by another text. Unnamed,
 * PostgreSQL parses and plans the statement on every run; nothing else changes. Set once per
 * process (thread) by `openDatabase`; one process talks to one database.
 */
let namedStatements = true;
export function setNamedStatements(on: boolean): void {
  namedStatements = on;
}
export const namedStatementsOn = (): boolean => namedStatements;
/**
 * The name to prepare a statement under (`.prepare(preparedName('…'))`): its own, or none
 * (unnamed) in transaction mode. Every named statement goes through here.
 */
export const preparedName = (name: string): string => (namedStatements ? name : '');
