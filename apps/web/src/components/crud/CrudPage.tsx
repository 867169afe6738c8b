import type { CSSProperties, ReactNode } from 'react';
import { Card } from 'antd';

/** The white panel a list screen sits on (the layout provides the grey margin around it). */
export function CrudPage({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Card variant="borderless" style={{ minHeight: '100%', ...style }} styles={{ body: { padding: 16 } }}>
      {children}
    </Card>
  );
}
