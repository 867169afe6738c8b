import type { ReactNode } from 'react';
import { ErrorIllustration } from './ErrorIllustration';
import s from './ErrorPage.module.css';

interface Props {
  kind: '404' | '401';
  title: string;
  description: ReactNode;
  actions: ReactNode;
}

/** Full-page error screen (/404, /401): picture on the left, message and ways out on the right. */
export function ErrorPage({ kind, title, description, actions }: Props) {
  return (
    <div className={s.page}>
      <div className={s.inner}>
        <ErrorIllustration kind={kind} className={s.art} />
        <div className={s.text}>
          <div className={s.code}>{kind === '404' ? '404 错误' : '401 错误'}</div>
          <h1 className={s.title}>{title}</h1>
          <p className={s.desc}>{description}</p>
          {actions}
        </div>
      </div>
    </div>
  );
}
