import { useParams } from 'react-router';

/** The `:id` of a setup record's route: a number, `null` on `…/create`, `undefined` when malformed. */
export function useRecordId(): number | null | undefined {
  const { id } = useParams();
  if (id === undefined || id === 'create') return null;
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
}
