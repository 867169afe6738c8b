import { Card, Tag } from 'antd';
import { ApartmentOutlined, CalendarOutlined, MailOutlined, MobileOutlined, TeamOutlined, UserOutlined, IdcardOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatTime } from '@/utils/date';
import { AvatarUpload } from './AvatarUpload';
import s from '../pages/profile.module.css';

export interface ProfileView {
  userName: string;
  nickName: string | null;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  deptName: string | null;
  roles: string[];
  createdAt: number | null;
}

const EMPTY = <span className={s.empty}>未设置</span>;

/** Left card of 个人中心: avatar (click to upload) and who the user is. */
export function ProfileCard({ view, onAvatarChanged }: { view: ProfileView; onAvatarChanged: () => Promise<unknown> | void }) {
  const rows: { icon: ReactNode; label: string; value: ReactNode }[] = [
    { icon: <UserOutlined />, label: '用户名', value: view.userName },
    { icon: <IdcardOutlined />, label: '姓名', value: view.nickName || EMPTY },
    { icon: <MobileOutlined />, label: '手机', value: view.phone || EMPTY },
    { icon: <MailOutlined />, label: '邮箱', value: view.email || EMPTY },
    { icon: <ApartmentOutlined />, label: '部门', value: view.deptName || EMPTY },
    {
      icon: <TeamOutlined />,
      label: '角色',
      value: view.roles.length ? (
        <span className={s.roles}>
          {view.roles.map((r) => (
            <Tag key={r} color="blue">
              {r}
            </Tag>
          ))}
        </span>
      ) : (
        EMPTY
      ),
    },
    { icon: <CalendarOutlined />, label: '创建时间', value: view.createdAt ? formatTime(view.createdAt) : <span className={s.empty}>—</span> },
  ];

  return (
    <Card title="个人信息" className={s.card}>
      <div className={s.identity}>
        <AvatarUpload avatar={view.avatar} onUploaded={onAvatarChanged} />
        <div className={s.displayName}>{view.nickName || view.userName}</div>
        <div className={s.userName}>@{view.userName}</div>
      </div>
      <ul className={s.infoList}>
        {rows.map((r) => (
          <li key={r.label}>
            <span className={s.infoLabel}>
              {r.icon}
              {r.label}
            </span>
            <span className={s.infoValue}>{r.value}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
