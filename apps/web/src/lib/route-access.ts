// Lets feature screens ask whether the signed-in user may open an address (for links), without
// depending on the app's route table. The signed-in layout provides the answer.
import { createContext, useContext } from 'react';

export type CanVisit = (pathname: string) => boolean;

export const RouteAccessContext = createContext<CanVisit>(() => false);

export function useCanVisit(): CanVisit {
  return useContext(RouteAccessContext);
}
