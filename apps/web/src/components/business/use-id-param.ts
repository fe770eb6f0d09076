// The record id of an edit or detail page (?id=), or null when it is missing or not a positive integer.
import { useSearchParams } from 'react-router';

export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
