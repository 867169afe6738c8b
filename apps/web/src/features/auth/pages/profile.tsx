import { useMemo, useState } from 'react';
import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/stores/session';
import { authKeys, useOwnProfile, type ProfileEdit } from '../api';
import { ProfileCard, type ProfileView } from '../components/ProfileCard';
import { ProfileForm } from '../components/ProfileForm';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import s from './profile.module.css';

/** /user/center 个人中心: who I am on the left, 基本资料 and 修改密码 on the right. */
export default function ProfilePage() {
  const user = useSessionStore((st) => st.user);
  const roles = useSessionStore((st) => st.roles);
  const getInfo = useSessionStore((st) => st.getInfo);
  const queryClient = useQueryClient();
  const { data: row } = useOwnProfile();
  const [tab, setTab] = useState('basic');

  // After a change: the session's user (top bar title, avatar) and this page's own row.
  const refresh = async () => {
    await getInfo();
    await queryClient.invalidateQueries({ queryKey: authKeys.profile });
  };

  const view: ProfileView | null = useMemo(() => {
    if (!user) return null;
    return {
      userName: user.userName,
      nickName: user.nickName ?? null,
      avatar: user.avatar ?? null,
      phone: user.phone ?? null,
      email: user.email ?? null,
      deptName: user.dept?.name ?? row?.deptName ?? null,
      // Role names when the server gives this user's row, else the role keys of the session.
      roles: row?.roleNames?.length ? row.roleNames : roles,
      createdAt: row?.createdAt ?? null,
    };
  }, [user, roles, row]);

  const initial: ProfileEdit = useMemo(
    () => ({ nickName: user?.nickName ?? null, phone: user?.phone ?? null, email: user?.email ?? null, remark: user?.remark ?? null }),
    [user?.nickName, user?.phone, user?.email, user?.remark],
  );

  if (!view) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <div className={s.page}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} lg={8} xl={7}>
          <ProfileCard view={view} onAvatarChanged={refresh} />
        </Col>
        <Col xs={24} md={14} lg={16} xl={17}>
          <Card title="资料设置" className={s.card}>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'basic', label: '基本资料', children: <ProfileForm initial={initial} onSaved={refresh} /> },
                { key: 'password', label: '修改密码', children: <ChangePasswordForm /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
