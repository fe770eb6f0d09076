// The frame of a borderless antd Card (its classes, which antd's prebuilt stylesheet styles) for the shell's own
// placeholders — the page skeleton and the route error page —, which show a body and nothing else. Card itself
// brings Tabs (for its tab list) and with them some 10 kB of gzip the first load would carry for these two.
import type { HTMLAttributes } from 'react';

export function CardFrame({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className={className ? `ant-card ${className}` : 'ant-card'}>
      <div className="ant-card-body">{children}</div>
    </div>
  );
}
