// A screen's title: its one level-one heading, which a screen reader lists first and jumps to. The shells of the kit
// (list, form and detail screens, the status and sign-in pages) and every page card put their visible title
// in it; a screen whose cards name only their parts gives its name visually hidden. It takes the look of the place
// it stands in (a card's title, a result's title), so a heading changes nothing on screen.
import type { ReactNode } from 'react';

type Props = { children: ReactNode; className?: string; visuallyHidden?: boolean };

export function PageTitle({ children, className, visuallyHidden = false }: Props) {
  const classes = ['page-title', visuallyHidden ? 'visually-hidden' : undefined, className].filter(Boolean).join(' ');
  return <h1 className={classes}>{children}</h1>;
}
