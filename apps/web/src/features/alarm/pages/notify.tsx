import { Empty, Spin, Typography } from 'antd';
import { PERMS } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { CrudPage } from '@/components/crud';
import { useNotifyConfig } from '../notify/api';
import { NotifySettingsForm } from '../notify/NotifySettingsForm';
import { DeliveryTable } from '../notify/DeliveryTable';

/** 通知设置: the alarm notification channels (editable with alarm:notify:edit) and the delivery records. */
export default function NotifyPage() {
  const canEdit = usePerm([PERMS.notify.edit]);
  const config = useNotifyConfig();
  return (
    <>
      <CrudPage>
        <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
          通知渠道
        </Typography.Title>
        {config.isLoading ? (
          <Spin style={{ display: 'block', padding: 48 }} />
        ) : config.data ? (
          <NotifySettingsForm config={config.data} canEdit={canEdit} />
        ) : (
          <Empty description="通知设置加载失败" />
        )}
      </CrudPage>
      <CrudPage style={{ marginTop: 12 }}>
        <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
          投递记录
        </Typography.Title>
        <DeliveryTable />
      </CrudPage>
    </>
  );
}
