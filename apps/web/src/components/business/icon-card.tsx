// A borderless card whose title starts with an icon: the workbench panels and the supervision screens
// (warnings, risk types, approval tasks and panel) share this frame.
import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

export type IconCardProps = {
  icon: ReactNode;
  /** What follows the icon in the title (a heading, a label, tags). */
  title: ReactNode;
  className: string;
  /** Shown at the top right. */
  extra?: ReactNode;
  children: ReactNode;
};

export function IconCard({ icon, title, className, extra, children }: IconCardProps) {
  return (
    <Card
      variant="borderless"
      className={className}
      title={
        <Flex align="center" gap={8}>
          {icon}
          {title}
        </Flex>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}
