// A user's picture, or the first letter of their name in a circle (decoration: the name is written beside it).
// The letter is the avatar's icon, not its text: antd fits a text avatar to its circle by measuring it once mounted
// (a second render and a forced layout of the whole page), which one letter never needs.
import { Avatar } from 'antd';

type Props = { name: string; picture?: string | null; size: number; className?: string };

export function UserAvatar({ name, picture, size, className }: Props) {
  const initial = ([...name][0] ?? '').toUpperCase();
  return (
    <Avatar
      size={size}
      src={picture || undefined}
      className={className}
      aria-hidden
      icon={<span className="user-avatar__initial">{initial}</span>}
    />
  );
}
