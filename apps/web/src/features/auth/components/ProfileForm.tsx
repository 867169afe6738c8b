import { useEffect, useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { editProfile, type ProfileEdit } from '../api';
import { optionalEmailRules, optionalPhoneRules } from '@/utils/validate';

interface Props {
  initial: ProfileEdit;
  onSaved: () => Promise<unknown> | void;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** 基本资料: 姓名, 手机, 邮箱 and 系统标题 (the user's remark, shown in the top bar). */
export function ProfileForm({ initial, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileEdit>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);

  const submit = async (v: ProfileEdit) => {
    setSaving(true);
    try {
      await editProfile({ nickName: blankToNull(v.nickName), phone: blankToNull(v.phone), email: blankToNull(v.email), remark: blankToNull(v.remark) });
      await onSaved();
      message.success('修改成功');
    } catch {
      // Shown by the HTTP client (phone already bound to another account, …).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileEdit> form={form} name="profile-basic" layout="horizontal" labelCol={{ flex: '96px' }} wrapperCol={{ flex: 'auto' }} onFinish={submit} initialValues={initial} style={{ maxWidth: 560 }}>
      <Form.Item label="姓名" name="nickName" rules={[{ max: 64, message: '姓名不能超过64个字符' }]}>
        <Input placeholder="请输入姓名" maxLength={64} allowClear />
      </Form.Item>
      <Form.Item label="手机号码" name="phone" rules={optionalPhoneRules}>
        <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" allowClear />
      </Form.Item>
      <Form.Item label="邮箱" name="email" rules={optionalEmailRules}>
        <Input placeholder="请输入邮箱" maxLength={128} allowClear />
      </Form.Item>
      <Form.Item label="系统标题" name="remark" rules={[{ max: 64, message: '系统标题不能超过64个字符' }]} extra="填写后顶部栏与浏览器标题显示此名称，留空则使用默认名称">
        <Input placeholder="配电站智能监控系统" maxLength={64} allowClear />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => form.setFieldsValue(initial)}>
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
